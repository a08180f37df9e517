/**
 * n8n saves a workflow's static data whole after each webhook request that changed it, as one UPDATE of
 * the workflow's row with no condition, and answers the request once that save is done. Two saves of one
 * process under way at once may reach the database in either order: the copy taken first can land last and
 * put back what the other had added, a registration the waiting node was already told is stored. So the
 * requests that register waits save one after another in a process: each goes back to n8n (which then
 * takes its copy of the static data and saves it) only once the previous one was answered, so after that
 * save was done.
 */
import { sleep } from 'n8n-workflow';

/** Past this, a save that never ends (n8n stuck) no longer holds the next ones back. */
export const SAVE_WAIT_MOST_MS = 10_000;

/** Per trigger node of a workflow: the end of the last save under way in this process. */
const lastSaves = new Map<string, Promise<void>>();

interface Answered {
	once(event: 'finish' | 'close', listener: () => void): unknown;
}

/**
 * Resolves once the previous save of `scope` in this process is done; this request's own save counts as
 * done once its answer (`res`, which n8n sends after saving) went out or the connection closed.
 */
export async function saveAfterTheLast(scope: string, res: Answered): Promise<void> {
	const before = lastSaves.get(scope) ?? Promise.resolve();
	const mine = new Promise<void>((resolve) => {
		res.once('finish', resolve);
		res.once('close', resolve);
	});
	const tail = before.then(async () => await Promise.race([mine, sleep(SAVE_WAIT_MOST_MS)]));
	lastSaves.set(scope, tail);
	void tail.then(() => {
		if (lastSaves.get(scope) === tail) lastSaves.delete(scope);
	});
	await Promise.race([before, sleep(SAVE_WAIT_MOST_MS)]);
}
