'use strict';
// Two workflows with a SlickText Trigger (one per platform), activated by the end-to-end test. Confirm
// Events is tested end to end on examples/04 as shipped, in repeats.js (side effects counted there).

const CURRENT_PATH = 'e2e-current-events';
const LEGACY_PATH = 'e2e-legacy-events';
const SECRET = 'e2e-webhook-secret';

function workflow(id, name, path, parameters, { typeVersion = 1, credentials } = {}) {
	return {
		id,
		name,
		versionId: `${id}-v1`,
		active: false,
		nodes: [
			{
				id: `${id}-trigger`,
				name: 'SlickText Trigger',
				type: 'n8n-nodes-slicktext.slickTextTrigger',
				typeVersion,
				position: [0, 0],
				webhookId: path,
				parameters,
				...(credentials ? { credentials } : {}),
			},
		],
		connections: {},
		settings: { saveDataSuccessExecution: 'all', saveManualExecutions: true },
	};
}

function all() {
	return [
		workflow('e2eTriggerCurrent', 'E2E trigger (current)', CURRENT_PATH, {
			platform: 'current',
			events: ['contact_created'],
		}),
		// The secret is in the SlickText Legacy API credential (run.js imports it with SECRET).
		workflow(
			'e2eTriggerLegacy',
			'E2E trigger (legacy)',
			LEGACY_PATH,
			{ platform: 'legacy', legacyEvents: ['NewSubscriber'] },
			{ typeVersion: 2, credentials: { slickTextLegacyApi: { id: 'slicktextLegacy01', name: 'SlickText sandbox (legacy API)' } } },
		),
	];
}

function currentEvent() {
	return {
		id: '6744a297616039e17200b0d2',
		name: 'contact_created',
		url: 'https://example.com/hook',
		attempts: 1,
		date: '2024-11-25 16:15:19',
		data: { contact_id: 1111111, _brand_id: 1001, mobile_number: '+17165551212', opt_in_status: 'subscribed', source: 'Keyword', created: '2024-11-25 16:15:19' },
	};
}

function legacyData(id = '555') {
	return JSON.stringify({
		Event: 'NewSubscriber',
		Timestamp: '2024-11-25 16:15:19',
		attemptNumber: 1,
		Subscriber: { id, number: '+17165551212', firstName: 'Ava' },
		Textword: { id: '101', word: 'COFFEE' },
	});
}

module.exports = { all, currentEvent, legacyData, CURRENT_PATH, LEGACY_PATH, SECRET };
