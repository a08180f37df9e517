// What an item's error says when SlickText refuses a request (nodes/shared/errors.ts responseError): its
// own words where they name what is missing, and hints true for every account.
import type { INode } from 'n8n-workflow';

import { responseError } from '../../../nodes/shared/errors';

const node = { id: 'n', name: 'SlickText', type: 'n8n-nodes-slicktext.slickText', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

describe("SlickText's refusals as item errors", () => {
	it('a 404 says what SlickText says is missing, once: no "Not found: Contact not found"', () => {
		expect(responseError(node, 'current', { status: 404, body: { message: 'Contact not found' }, path: '/lists/contacts' }, 1).message).toBe('Contact not found');
		expect(responseError(node, 'current', { status: 404, body: { message: 'no such list' }, path: '/lists/contacts' }, 1).message).toBe('Not found: no such list');
		expect(responseError(node, 'current', { status: 404, body: {}, path: '/brands/1/contacts/42' }, 1).message).toBe('Contact 42 was not found');
	});

	it("a 409's hint speaks of the account's state, not of a test account", () => {
		const error = responseError(node, 'legacy', { status: 409, body: { message: 'Messages cannot be sent right now' }, path: '/messages/' }, 0);
		expect(error.message).toBe('Conflict: Messages cannot be sent right now');
		expect(error.description).not.toMatch(/test account/);
		expect(error.description).toMatch(/account's state does not allow this request now/);
	});
});
