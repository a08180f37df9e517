'use strict';
// The raw material of the demo account: places, names, textwords, custom fields, segments, shortlinks
// and former subscribers.

// Area codes the sandbox knows, for the seed's addresses and for deriving state from a new number.
const AREAS = [
	{ area: '619', city: 'San Diego', state: 'CA', zipCode: '92101' },
	{ area: '213', city: 'Los Angeles', state: 'CA', zipCode: '90012' },
	{ area: '415', city: 'San Francisco', state: 'CA', zipCode: '94103' },
	{ area: '206', city: 'Seattle', state: 'WA', zipCode: '98101' },
	{ area: '503', city: 'Portland', state: 'OR', zipCode: '97204' },
	{ area: '702', city: 'Las Vegas', state: 'NV', zipCode: '89101' },
	{ area: '602', city: 'Phoenix', state: 'AZ', zipCode: '85004' },
	{ area: '720', city: 'Denver', state: 'CO', zipCode: '80202' },
	{ area: '512', city: 'Austin', state: 'TX', zipCode: '78701' },
	{ area: '312', city: 'Chicago', state: 'IL', zipCode: '60602' },
	{ area: '212', city: 'New York', state: 'NY', zipCode: '10007' },
	{ area: '716', city: 'Buffalo', state: 'NY', zipCode: '14202' },
	{ area: '617', city: 'Boston', state: 'MA', zipCode: '02108' },
	{ area: '305', city: 'Miami', state: 'FL', zipCode: '33130' },
	{ area: '404', city: 'Atlanta', state: 'GA', zipCode: '30303' },
	{ area: '808', city: 'Honolulu', state: 'HI', zipCode: '96813' },
];
const STATE_BY_AREA = new Map(AREAS.map((a) => [a.area, a.state]));
// A few more area codes that only derive a state (numbers opted in through the API).
for (const [area, state] of [
	['858', 'CA'], ['310', 'CA'], ['714', 'CA'], ['917', 'NY'], ['718', 'NY'], ['469', 'TX'],
	['214', 'TX'], ['713', 'TX'], ['202', 'DC'], ['215', 'PA'], ['612', 'MN'], ['801', 'UT'],
]) {
	STATE_BY_AREA.set(area, state);
}

const stateFromNumber = (number) => (number.startsWith('+1') ? STATE_BY_AREA.get(number.slice(2, 5)) ?? null : null);

const FIRST_NAMES = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Lena', 'Omar', 'Priya', 'Mateo', 'Grace', 'Hiro',
	'Chloe', 'Diego', 'Nora', 'Sam', 'Ivy', 'Caleb', 'Rosa', 'Felix', 'June', 'Theo', 'Maya', 'Andre'];
const LAST_NAMES = ['Nguyen', 'Garcia', 'Smith', 'Patel', 'Johnson', 'Kim', 'Lopez', 'Brown', 'Chen', 'Davis', 'Okafor',
	'Miller', 'Rossi', 'Wilson', 'Sato', 'Moore', 'Khan', 'Taylor', 'Silva', 'Clark', 'Novak', 'Lee', 'Young', 'Hall'];
const DRINKS = ['Latte', 'Cold Brew', 'Cappuccino', 'Mocha', 'Chai', 'Americano'];
const STORES = ['Downtown', 'Harbor', 'North Park', 'Airport'];

const TEXTWORDS = [
	{
		id: '5401',
		word: 'COFFEE',
		autoReply: 'Thanks for joining Bluebird Coffee! Show this text for 10% off your next drink. Reply STOP to opt out.',
		added: '2019-04-02 10:30:12',
		ageRequirement: 0,
		textNumber: '31996',
	},
	{
		id: '5402',
		word: 'DEALS',
		autoReply: 'You are in! Bluebird deals land here about twice a month. Msg&data rates may apply. Reply STOP to cancel.',
		added: '2019-06-18 15:02:47',
		ageRequirement: 0,
		textNumber: '31996',
	},
	{
		id: '5403',
		word: 'VIP',
		autoReply: 'Welcome to Bluebird VIP: early menus, tasting nights and a free drink on your birthday. Reply STOP to leave.',
		added: '2020-11-09 09:41:05',
		ageRequirement: 21,
		textNumber: '+18885550199',
	},
	{
		id: '5404',
		word: 'JOBS',
		autoReply: 'Thanks for your interest in working at Bluebird Coffee! We text when a store is hiring.',
		added: '2023-02-27 13:15:00',
		ageRequirement: 16,
		textNumber: '+18885550199',
	},
];

// Which textword seed subscriber i joins: COFFEE half, DEALS 30%, VIP 20%, JOBS none (an empty list).
const SPREAD = ['5401', '5401', '5402', '5401', '5403', '5402', '5401', '5402', '5401', '5403'];

const CUSTOM_FIELDS = [
	{ textword: '5401', subscriberField: 'Favorite Drink', subscriberFieldAlias: 'Your usual order', dataType: 'string' },
	{ textword: '5401', subscriberField: 'Visits', subscriberFieldAlias: 'Visits this year', dataType: 'integer' },
	{ textword: '5402', subscriberField: 'Preferred Store', subscriberFieldAlias: 'Store', dataType: 'string' },
	{ textword: '5403', subscriberField: 'Member Since', subscriberFieldAlias: 'VIP since', dataType: 'date' },
];

// Segments are saved rules; contacts_count is counted when read, so it follows opt-ins and opt-outs.
const SEGMENTS = [
	{ id: 701, textword: '5401', name: 'Latte lovers', description: 'Favorite drink is Latte', test: (c) => c.FavoriteDrink === 'Latte' },
	{ id: 702, textword: '5401', name: 'San Diego regulars', description: 'City is San Diego', test: (c) => c.city === 'San Diego' },
	{ id: 703, textword: '5402', name: 'New York shoppers', description: 'State is NY', test: (c) => c.state === 'NY' },
	{ id: 704, textword: '5403', name: 'Reachable by e-mail', description: 'Has an e-mail address', test: (c) => c.email != null },
];
const SHORTLINKS = [
	{ id: 61, name: 'Fall menu', url: 'https://bluebirdcoffee.example/menu/fall', hash: 'k3Fm9', isSmart: 0 },
	{ id: 62, name: 'Weekend deal', url: 'https://bluebirdcoffee.example/deals/weekend', hash: 'Qz81x', isSmart: 1 },
	{ id: 63, name: 'VIP tasting RSVP', url: 'https://bluebirdcoffee.example/vip/rsvp', hash: 'V1pRs', isSmart: 0 },
];

// Former subscribers: they opted out, so they are gone from the lists, yet still show up as clickers
// (reduced to id and clickCount) and in old send logs. Texting in is their only way back.
const FORMER = [
	{ id: '2999001', number: '+18585550101', textword: '5401' },
	{ id: '2999002', number: '+18585550102', textword: '5401' },
	{ id: '2999003', number: '+18585550103', textword: '5401' },
	{ id: '2999004', number: '+18585550104', textword: '5402' },
	{ id: '2999005', number: '+18585550105', textword: '5402' },
	{ id: '2999006', number: '+18585550106', textword: '5403' },
];

const FIRST_CONTACT_ID = 3000001;
const DEFAULT_SUBSCRIBERS = 400;

module.exports = {
	AREAS, stateFromNumber, FIRST_NAMES, LAST_NAMES, DRINKS, STORES, TEXTWORDS, SPREAD, CUSTOM_FIELDS, SEGMENTS,
	SHORTLINKS, FORMER, FIRST_CONTACT_ID, DEFAULT_SUBSCRIBERS,
};
