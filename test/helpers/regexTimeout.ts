// Jest setup (setupFiles). n8n-workflow 2.x runs the engine's regular expressions (a resource locator's
// pattern, checked before every run) in a vm with a 250 ms wall-clock timeout, against patterns that
// never finish. On a machine shared with other work a plain pattern was stopped there ("Regular
// expression execution timed out") while the test process waited for a core. n8n-workflow lets its host
// replace that engine (setSafeRegexEngine): the same vm, with a bound no busy machine reaches for a
// pattern that finishes. Older n8n-workflow (npm run compat) has no such engine: nothing to do.
import * as vm from 'node:vm';

const TIMEOUT_MS = 10_000;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const workflow = require('n8n-workflow') as { setSafeRegexEngine?: (engine: object) => void };

if (typeof workflow.setSafeRegexEngine === 'function') {
	const context = vm.createContext({ pattern: '', flags: '', input: '', replacement: '', result: undefined as unknown });
	const script = (code: string) => new vm.Script(`result = ${code}`);
	const scripts = {
		exec: script('new RegExp(pattern, flags).exec(input)'),
		test: script('new RegExp(pattern, flags).test(input)'),
		replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
		split: script('input.split(new RegExp(pattern, flags))'),
	};
	const run = (which: keyof typeof scripts, pattern: string, input: string, flags = '', replacement = '') => {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		try {
			scripts[which].runInContext(context, { timeout: TIMEOUT_MS });
		} catch (error) {
			// As n8n-workflow reports it.
			if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new Error('Regular expression execution timed out');
			throw error;
		}
		return context.result as never;
	};
	const global = (flags = '') => (flags.includes('g') ? flags : `${flags}g`);
	workflow.setSafeRegexEngine({
		exec: (pattern: string, input: string, flags?: string) => run('exec', pattern, input, flags),
		test: (pattern: string, input: string, flags?: string) => run('test', pattern, input, flags),
		replace: (pattern: string, input: string, flags: string | undefined, replacement: string) => run('replace', pattern, input, flags, replacement),
		matchAll: (pattern: string, input: string, flags?: string) => run('matchAll', pattern, input, global(flags)),
		split: (pattern: string, input: string, flags?: string) => run('split', pattern, input, flags),
	});
}
