// The sandbox in a process of its own, so that the benchmark's memory and CPU are the node's alone.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

export interface SandboxProcess {
	currentBaseUrl: string;
	legacyBaseUrl: string;
	child: ChildProcess;
	stop(): Promise<void>;
}

/** Starts the sandbox CLI on `port` (0: any free port) and reads its base URLs from what it prints. */
export async function startSandboxProcess(args: string[], port = 0): Promise<SandboxProcess> {
	const child = spawn(process.execPath, [path.resolve(__dirname, '../sandbox/cli.js'), '--port', String(port), ...args], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let output = '';
	const urls = await new Promise<{ current: string; legacy: string }>((resolve, reject) => {
		child.stdout!.on('data', (chunk) => {
			output += String(chunk);
			const current = /Base URL\s+(http\S+\/v1)\n/.exec(output);
			const legacy = /Base URL\s+(http\S+\/legacy\/v1)\n/.exec(output);
			if (current && legacy) resolve({ current: current[1], legacy: legacy[1] });
		});
		child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	return {
		currentBaseUrl: urls.current,
		legacyBaseUrl: urls.legacy,
		child,
		stop: () =>
			new Promise((resolve) => {
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			}),
	};
}

/** A port free at the moment of asking, for a sandbox that must come back on the same address. */
export async function freePort(): Promise<number> {
	const net = await import('node:net');
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}
