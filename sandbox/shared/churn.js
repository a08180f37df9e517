'use strict';
// A collection that changes while a client pages through it (Sandbox#churn): contacts leave and join a
// busy keyword or list between two page requests. After the `after`-th successful GET of a matching
// contact collection has been answered, `leave` records of that collection (as that GET selected it,
// filters included) are removed and `join` new ones are added, and their ids are recorded, so that a
// test can check that the client missed none of the records that stayed throughout and output none
// twice.
//
// Options:
//   platform  'current' | 'legacy' (required)
//   path      RegExp (or string prefix) on the request path; default: every contact collection
//   after     the n-th matching collection GET (1-based, counted from when churn() was called); default 1
//   leave     how many records leave (default 0)
//   where     which records leave: 'before-offset' (default; among those before the next page's offset,
//             so that the window shifts and a naive pager skips records) or 'anywhere'
//   join      how many records join (default 0)
//   joinAt    where they join: 'end' (default; as new contacts of a busy keyword), 'before-offset' (so that
//             the window shifts the other way and a naive pager sees a record twice) or 'anywhere'
// Positions are spread evenly over the chosen range, so a churn is the same on every run. New records
// are copies of a neighbour in the selection (so they pass the same filters) with a new id and a new
// mobile number.
//
// Collections: current /contacts and /lists/{id}/contacts, legacy /contacts and /textwords/{id}/contacts.

const currentChurn = require('../current/churn');
const legacyChurn = require('../legacy/churn');

const ADAPTERS = { current: currentChurn.contactCollection, legacy: legacyChurn.contactCollection };
const LEAVE_WHERE = ['before-offset', 'anywhere'];
const JOIN_AT = ['end', 'before-offset', 'anywhere'];

/** `count` positions spread evenly over [0, width). */
function spread(count, width) {
	const n = Math.min(count, width);
	const positions = [];
	for (let i = 0; i < n; i++) positions.push(Math.floor(((i + 0.5) * width) / n));
	return positions;
}

function createChurn(options = {}) {
	const { platform, path, after = 1, leave = 0, join = 0, where = 'before-offset', joinAt = 'end' } = options;
	if (!ADAPTERS[platform]) throw new Error(`churn: platform must be 'current' or 'legacy', not ${platform}`);
	if (!LEAVE_WHERE.includes(where)) throw new Error(`churn: where must be one of ${LEAVE_WHERE.join(', ')}`);
	if (!JOIN_AT.includes(joinAt)) throw new Error(`churn: joinAt must be one of ${JOIN_AT.join(', ')}`);
	for (const [name, value] of Object.entries({ after, leave, join })) {
		if (!Number.isInteger(value) || value < 0) throw new Error(`churn: ${name} must be a whole number`);
	}
	const matches = (entryPath) =>
		path === undefined ? true : path instanceof RegExp ? path.test(entryPath) : entryPath.startsWith(String(path));

	const churn = {
		options: { platform, path, after, leave, join, where, joinAt },
		/** Matching collection GETs answered so far. */
		seen: 0,
		applied: false,
		/** The request after whose answer the change happened, and the offset its next page starts at. */
		afterSeq: undefined,
		nextOffset: undefined,
		/** Ids of the records that left and joined (as the API writes them). */
		left: [],
		joined: [],

		afterAnswer(sandbox, answeredPlatform, entry, status) {
			if (churn.applied || answeredPlatform !== platform || entry.method !== 'GET' || status !== 200) return;
			if (!matches(entry.path)) return;
			const collection = ADAPTERS[platform](sandbox, entry);
			if (!collection) return;
			churn.seen++;
			if (churn.seen < after) return;
			try {
				apply(collection, entry);
			} catch (error) {
				// The answer is out already: the test sees the error on the churn (and here).
				churn.applied = true;
				churn.error = error;
				// eslint-disable-next-line no-console
				console.error('[sandbox] churn failed:', error);
			}
		},
	};

	function apply(collection, entry) {
		const { matched, nextOffset } = collection;
		const before = Math.min(nextOffset, matched.length);
		const leaving = (where === 'anywhere' ? spread(leave, matched.length) : spread(leave, before)).map((i) => matched[i]);
		// Where the joiners go, as the records they are put in front of (undefined: at the end).
		const gone = new Set(leaving);
		const stay = [];
		const stayBefore = [];
		matched.forEach((record, i) => {
			if (gone.has(record)) return;
			stay.push(record);
			if (i < before) stayBefore.push(record);
		});
		let anchors;
		if (joinAt === 'end' || stay.length === 0) anchors = Array.from({ length: join }, () => undefined);
		else {
			const range = joinAt === 'anywhere' ? stay : stayBefore.length > 0 ? stayBefore : stay;
			anchors = Array.from({ length: join }, (_, i) => range[Math.floor(((i + 0.5) * range.length) / join)]);
		}
		const template = (anchor) => {
			const record = anchor ?? stay[stay.length - 1] ?? matched[matched.length - 1];
			if (!record && join > 0) throw new Error('churn: the collection is empty, so no record to copy for a joiner');
			return record;
		};
		collection.remove(leaving);
		churn.left = leaving.map(collection.idOf);
		churn.joined = anchors.map((anchor) => collection.idOf(collection.add(template(anchor), anchor)));
		churn.applied = true;
		churn.afterSeq = entry.seq;
		churn.nextOffset = nextOffset;
		entry.churn = { left: churn.left, joined: churn.joined };
	}

	return churn;
}

module.exports = { createChurn, spread };
