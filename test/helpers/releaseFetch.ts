// Jest setup (setupFilesAfterEnv). A fetch() answer whose body is never read keeps its socket open:
// undici pauses the socket, so it does not see the server close it, and it lives on until garbage
// collection, keeping the jest worker from exiting. Tests that only look at the status
// (test/sandbox/server.test.ts) leave such bodies; after each test, the bodies nobody read are
// cancelled, which closes their sockets.
const unread = new Set<Response>();
const realFetch = globalThis.fetch;

globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
	const response = await realFetch(...args);
	unread.add(response);
	return response;
};

afterEach(async () => {
	const responses = [...unread];
	unread.clear();
	await Promise.all(
		responses.map(async (response) => {
			if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
		}),
	);
});
