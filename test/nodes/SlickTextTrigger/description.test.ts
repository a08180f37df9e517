// What the user sees in the editor: the fields shown for each platform (evaluated with n8n's own
// displayOptions logic), the set-up notices, and a webhook lifecycle that registers nothing.
import { NodeHelpers, type INode, type INodeParameters, type INodeType } from 'n8n-workflow';

import { createNode, loadPackage } from '../../helpers/engine';

const nodeType = loadPackage().nodes.slickTextTrigger as INodeType;
const { description } = nodeType;

/** The fields the editor shows for these values, with their defaults filled in as the editor does. */
function shown(values: INodeParameters, typeVersion = 2) {
	const node = createNode({ type: 'slickTextTrigger', parameters: values, credentials: {}, typeVersion }) as INode;
	const parameters = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description)!;
	return description.properties
		.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description))
		.map((property) => property.name);
}

function notice(name: string) {
	return description.properties.find((property) => property.name === name)!.displayName;
}

describe('SlickText Trigger description', () => {
	it('is a POST webhook trigger that answers at once, with no input', () => {
		expect(description).toMatchObject({
			name: 'slickTextTrigger',
			group: ['trigger'],
			inputs: [],
			version: [1, 2],
			defaultVersion: 2,
		});
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: 'noData', path: 'webhook' },
		]);
	});

	it('takes the SlickText API credential only to confirm events, and the legacy one for the secret', () => {
		const credentialsShown = (values: INodeParameters) => {
			const node = createNode({ type: 'slickTextTrigger', parameters: values, credentials: {}, typeVersion: 2 }) as INode;
			const parameters = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description)!;
			return (description.credentials ?? [])
				.filter((c) => NodeHelpers.displayParameter(parameters, c, node, description))
				.map((c) => `${c.name}${c.required ? ' (required)' : ''}`);
		};
		expect(credentialsShown({ platform: 'current' })).toEqual([]);
		expect(credentialsShown({ platform: 'current', confirmEvents: true })).toEqual(['slickTextApi (required)']);
		expect(credentialsShown({ platform: 'legacy' })).toEqual(['slickTextLegacyApi']);
	});

	it('shows the current set-up and events by default', () => {
		expect(shown({})).toEqual(['platform', 'currentSetup', 'events', 'confirmEvents', 'ignoreRepeatedDeliveries', 'repeatsNotice']);
		expect(shown({ confirmEvents: true })).toContain('confirmEventsNotice');
		expect(notice('confirmEventsNotice')).toContain('Not checked');
		expect(shown({ ignoreRepeatedDeliveries: false })).not.toContain('repeatsNotice');
		// Says where the memory lives, what covers a restart, and what a test event does.
		expect(notice('repeatsNotice')).toContain("this n8n process's memory");
		expect(notice('repeatsNotice')).toContain("in n8n's database (the latest 10,000 events), so they survive a restart");
		expect(notice('repeatsNotice')).toContain('Test events (Execute step, while n8n is Listening for test event) are never ignored');
		expect(notice('currentSetup')).toContain('Settings > API & Webhooks > Webhooks');
		expect(notice('currentSetup')).toContain('Production URL');
	});

	it('shows the legacy set-up, events and where the secret goes; no secret field from version 2 on', () => {
		expect(shown({ platform: 'legacy' })).toEqual([
			'platform',
			'legacySetup',
			'legacyEvents',
			'noSecretNotice',
			'ignoreRepeatedDeliveries',
			'repeatsNotice',
		]);
		expect(notice('legacySetup')).toContain('SlickText Legacy API credential');
		expect(notice('noSecretNotice')).toContain('every request to this URL is accepted');
	});

	it('still shows the Webhook Secret parameter of a version 1 node, marked deprecated', () => {
		expect(shown({ platform: 'legacy' }, 1)).toEqual([
			'platform',
			'legacySetup',
			'legacyEvents',
			'webhookSecret',
			'noSecretNotice',
			'ignoreRepeatedDeliveries',
			'repeatsNotice',
		]);
		// The notice stays: it says where the secret belongs now.
		expect(shown({ platform: 'legacy', webhookSecret: 's3cret' }, 1)).toContain('noSecretNotice');
		expect(notice('legacySetup')).toContain('www.slicktext.com/dashboard');
		expect(description.properties.find((p) => p.name === 'webhookSecret')!.description).toMatch(/^Deprecated: move the secret into the Webhook Secret of the SlickText Legacy API credential/);
	});

	it('offers the events of each platform, Any Event first, and keeps the secret hidden', () => {
		const options = (name: string) =>
			(description.properties.find((p) => p.name === name)!.options as Array<{ value: string }>).map((o) => o.value);
		expect(options('events')).toEqual(['*', 'contact_created', 'contact_updated', 'inbox_message_received']);
		expect(options('legacyEvents')).toEqual(['*', 'ChatMessageRecieved', 'ContestEntry', 'NewSubscriber', 'OptOut']);
		expect(description.properties.find((p) => p.name === 'webhookSecret')!.typeOptions).toEqual({ password: true });
		expect(description.properties.find((p) => p.name === 'ignoreRepeatedDeliveries')!.default).toBe(true);
	});

	it('has nothing to register in SlickText: the webhook lifecycle reports success', async () => {
		const hooks = nodeType.webhookMethods!.default!;
		const context = {} as never;
		expect(await hooks.checkExists.call(context)).toBe(true);
		expect(await hooks.create.call(context)).toBe(true);
		expect(await hooks.delete.call(context)).toBe(true);
	});
});
