'use strict';
// A scripted stand-in for an OpenAI-compatible model: n8n's OpenAI Chat Model (with "Use Responses API"
// off) posts to <base>/chat/completions; each answer is the next step of a script, and every request is
// logged, so a test sees exactly what a model would see (tool definitions, tool results, errors).

const http = require('node:http');

/**
 * steps: functions (requestBody, log) => ({toolCalls: [{name, args}]} | {content}); a step may pick the
 * tool by matching the names in requestBody.tools. Starts on 127.0.0.1, any free port.
 */
async function startModelServer(steps) {
	const requests = [];
	let next = 0;
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			let body = {};
			try {
				body = raw ? JSON.parse(raw) : {};
			} catch {
				body = { unparsed: raw };
			}
			requests.push({ method: req.method, path: req.url, headers: req.headers, body });
			if (req.method === 'GET' && req.url.endsWith('/models')) {
				res.writeHead(200, { 'content-type': 'application/json' });
				return res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4.1-mini', object: 'model' }] }));
			}
			if (!(req.method === 'POST' && req.url.endsWith('/chat/completions'))) {
				res.writeHead(404, { 'content-type': 'application/json' });
				return res.end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${req.url}` } }));
			}
			const step = steps[next++] ?? (() => ({ content: 'Done.' }));
			let answer;
			try {
				answer = step(body, requests);
			} catch (error) {
				answer = { content: `script error: ${error.message}` };
			}
			const toolCalls = (answer.toolCalls ?? []).map((call, i) => ({
				id: `call_${next}_${i}`,
				type: 'function',
				function: { name: call.name, arguments: JSON.stringify(call.args) },
			}));
			const message = { role: 'assistant', content: toolCalls.length ? null : answer.content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
			const finish = toolCalls.length ? 'tool_calls' : 'stop';
			const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
			if (body.stream) {
				res.writeHead(200, { 'content-type': 'text/event-stream' });
				const chunk = (delta, finishReason) =>
					`data: ${JSON.stringify({ id: `chatcmpl-${next}`, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
				const delta = toolCalls.length
					? { role: 'assistant', tool_calls: toolCalls.map((c, index) => ({ index, ...c })) }
					: { role: 'assistant', content: message.content };
				res.write(chunk(delta, null));
				res.write(chunk({}, finish));
				res.write(`data: ${JSON.stringify({ id: `chatcmpl-${next}`, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage })}\n\n`);
				return res.end('data: [DONE]\n\n');
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					id: `chatcmpl-${next}`,
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model: body.model,
					choices: [{ index: 0, message, finish_reason: finish }],
					usage,
				}),
			);
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		/** Chat completion requests only, in order. */
		chats: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions')),
		stop: () => new Promise((resolve) => server.close(resolve)),
	};
}

module.exports = { startModelServer };
