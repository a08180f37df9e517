// The approver's text of an AI agent's human review (nodes/shared/replies/toolReview.ts): the tool's input
// in words instead of "[object Object]", cut to fit one SMS. In real n8n: test/e2e/twoWay.js (AI agent).
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { readableInput, reviewedText } from '../../../../nodes/shared/replies/toolReview';

const N8N_DEFAULT = '=The agent wants to run this tool: {{ $tool.name }}\n\nInput:\n{{ $tool.parameters }}';

/** A per-item context as the runner hands a route's step: the node, and n8n's $tool for the item. */
function item(type: string, message: string, tool: IDataObject): IExecuteSingleFunctions {
	return {
		getNode: () => ({ type, parameters: { message } }),
		getItemIndex: () => 0,
		getWorkflowDataProxy: () => ({ $tool: tool }),
	} as unknown as IExecuteSingleFunctions;
}

describe("the approver's text", () => {
	it('names each field of the tool input with its value, one a line', () => {
		expect(readableInput({ contact_id: '3000001', text: 'Your order   is ready.', count: 2, urgent: false, tags: ['a', 'b'], note: null }, 160)).toBe(
			'contact_id: 3000001\ntext: Your order is ready.\ncount: 2\nurgent: false\ntags: ["a","b"]\nnote: ',
		);
		// Input that came as JSON text reads the same; plain text stays as it is.
		expect(readableInput('{"contact_id":"7"}', 160)).toBe('contact_id: 7');
		expect(readableInput('just words', 160)).toBe('just words');
	});

	it('cuts a long input with "..." (in the SMS alphabet) to the room left', () => {
		const cut = readableInput({ text: 'x'.repeat(300) }, 50);
		expect(cut).toHaveLength(50);
		expect(cut.endsWith('...')).toBe(true);
	});

	it("replaces n8n's [object Object] in a human review's text, so that the whole text fits one SMS", () => {
		const tool = { name: 'Text_One_Contact', parameters: { contact_id: '3000001', text: 'Your order is ready.' } };
		const evaluated = 'The agent wants to run this tool: Text_One_Contact\n\nInput:\n[object Object]';
		expect(reviewedText(item('n8n-nodes-slicktext.slickTextLegacyHitlTool', N8N_DEFAULT, tool), evaluated)).toBe(
			'The agent wants to run this tool: Text_One_Contact\n\nInput:\ncontact_id: 3000001\ntext: Your order is ready.',
		);
		const long = { name: 'Text_One_Contact', parameters: { contact_id: '3000001', text: 'y'.repeat(400) } };
		expect(reviewedText(item('n8n-nodes-slicktext.slickTextLegacyHitlTool', N8N_DEFAULT, long), evaluated)).toHaveLength(160);
	});

	it('leaves every other text alone: another node, a template without the whole input, a text of its own', () => {
		const tool = { name: 't', parameters: { a: 1 } };
		const evaluated = 'Input: [object Object]';
		expect(reviewedText(item('n8n-nodes-slicktext.slickTextLegacy', N8N_DEFAULT, tool), evaluated)).toBe(evaluated);
		expect(reviewedText(item('n8n-nodes-slicktext.slickTextLegacyHitlTool', '=Input: {{ $tool.parameters.a }}', tool), evaluated)).toBe(evaluated);
		expect(reviewedText(item('n8n-nodes-slicktext.slickTextLegacyHitlTool', N8N_DEFAULT, tool), 'Approve?')).toBe('Approve?');
	});
});
