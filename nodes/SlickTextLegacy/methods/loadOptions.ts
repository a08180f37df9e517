import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { lookupRequest } from '../../shared/search';
import { customFieldKey } from '../shared/filters';

/** Dynamic options of the SlickText Legacy node. */

const ALL = { limit: 10000, offset: 0 };

async function list(ctx: ILoadOptionsFunctions, path: string, key: string): Promise<IDataObject[]> {
	const body = (await lookupRequest(ctx, 'legacy', path, ALL)) as IDataObject;
	return Array.isArray(body?.[key]) ? (body[key] as IDataObject[]) : [];
}

function read(ctx: ILoadOptionsFunctions, name: string): unknown {
	try {
		// The editor sends the parameters being edited; the node's saved ones are the fallback.
		return (
			ctx.getCurrentNodeParameter(name, { extractValue: true }) ??
			ctx.getNodeParameter(name, undefined, { extractValue: true })
		);
	} catch {
		return undefined;
	}
}

/** The textword chosen in the node (a Textword field, or the textword filter), if any. */
function chosenTextword(ctx: ILoadOptionsFunctions): string | undefined {
	for (const name of ['textwordId', 'filters.textword']) {
		const text = String(read(ctx, name) ?? '').trim();
		if (/^\d+$/.test(text)) return text;
	}
	return undefined;
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

export async function getTextwords(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const textwords = await list(this, '/textwords', 'textwords');
	return textwords.map((t) => ({ name: String(t.word ?? t.id), value: String(t.id) })).sort(byName);
}

/** Segments of the chosen textword (segments belong to one textword). */
export async function getSegments(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const textword = chosenTextword(this);
	if (!textword) return [];
	const segments = await list(this, `/textwords/${textword}/segments`, 'segments');
	return segments
		.map((s) => ({
			name: String(s.name ?? s.id),
			value: String(s.id),
			description: s.description ? String(s.description) : undefined,
		}))
		.sort(byName);
}

/**
 * Custom subscriber fields of the chosen textword, or of every textword when none is chosen (e.g. a
 * contact updated by ID). The value is the key the contact record uses: the name without spaces.
 */
export async function getCustomFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const chosen = chosenTextword(this);
	const textwords = chosen ? [chosen] : (await list(this, '/textwords', 'textwords')).map((t) => String(t.id));
	const options = new Map<string, INodePropertyOptions>();
	for (const textword of textwords) {
		for (const field of await list(this, `/textwords/${textword}/customfields`, 'customFields')) {
			const key = customFieldKey(field.subscriberField);
			if (key === '' || options.has(key)) continue;
			options.set(key, {
				name: String(field.subscriberField),
				value: key,
				description: `${String(field.dataType ?? 'string')} field${field.subscriberFieldAlias ? ` "${String(field.subscriberFieldAlias)}"` : ''}`,
			});
		}
	}
	return [...options.values()].sort(byName);
}
