/**
 * What a node keeps in this process's memory, one value per scope (a workflow's trigger node): n8n builds
 * the node anew for every run, so only module state lasts from one delivery to the next.
 */
export class PerScope<V> {
	private readonly byScope = new Map<string, V>();

	constructor(private readonly create: () => V) {}

	/** The scope's value, made on first use. */
	of(scope: string): V {
		let value = this.byScope.get(scope);
		if (value === undefined) {
			value = this.create();
			this.byScope.set(scope, value);
		}
		return value;
	}

	/** The scope's value, when something was kept for it. */
	get(scope: string): V | undefined {
		return this.byScope.get(scope);
	}
}
