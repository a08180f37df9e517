// What n8n 2.41 does before it answers a delivery to the trigger. For any start node other than its own
// Webhook node, n8n opens an expression-isolate scope for the webhook phase (live-webhooks.ts,
// webhookPhaseNeedsIsolate). With N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (what the README recommends for
// busy brands) the isolate is only built when an expression is evaluated, so the trigger answers at the
// Webhook node's cost only as long as nothing in its webhook phase is an expression.
import { Expression } from 'n8n-workflow';

import { loadPackage } from '../../helpers/engine';
import { postJson, useWebhookServers } from '../../helpers/webhook';
import { currentEvents, currentTrigger, legacyEvents, legacyTrigger, sign } from './fixtures';

useWebhookServers();

describe('SlickText Trigger: the webhook phase evaluates no expression', () => {
	let evaluated: jest.SpyInstance;
	beforeEach(() => {
		// Called only for a value that is an expression ("={{ ... }}"); plain values never reach it.
		evaluated = jest.spyOn(Expression.prototype, 'resolveSimpleParameterValue');
	});
	afterEach(() => evaluated.mockRestore());

	it('the webhook description n8n reads for every request holds no expression', () => {
		const trigger = loadPackage().nodes.slickTextTrigger;
		expect(trigger.description.webhooks).toHaveLength(1);
		for (const webhook of trigger.description.webhooks ?? []) {
			for (const [field, value] of Object.entries(webhook)) {
				expect([field, typeof value === 'string' && value.startsWith('=')]).toEqual([field, false]);
			}
		}
	});

	it('a current delivery is answered and started without evaluating an expression', async () => {
		const trigger = await currentTrigger({ events: ['contact_created'] });
		expect((await postJson(trigger.url, currentEvents.contact_created)).status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
		expect(evaluated).not.toHaveBeenCalled();
	});

	it('a signed legacy delivery is checked and started without evaluating an expression', async () => {
		const trigger = await legacyTrigger({ legacyEvents: ['NewSubscriber'] });
		const data = JSON.stringify(legacyEvents.NewSubscriber);
		const answer = await postJson(trigger.url, { data }, { 'X-Slicktext-Signature': sign(data) });
		expect(answer.status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
		expect(evaluated).not.toHaveBeenCalled();
	});

	it('the check sees an expression when there is one (the user typed one into Events)', async () => {
		const trigger = await currentTrigger({ events: '={{ ["contact_created"] }}' as never });
		expect((await postJson(trigger.url, currentEvents.contact_created)).status).toBe(200);
		expect(trigger.runs).toHaveLength(1);
		expect(evaluated).toHaveBeenCalled();
	});
});
