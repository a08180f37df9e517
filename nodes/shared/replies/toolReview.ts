/**
 * The text an AI agent's human review sends the approver. n8n builds that review (a "…HitlTool") from
 * Send and Wait for Reply, with a Message template that puts `{{ $tool.parameters }}`, the tool's input
 * as an object, into the text; n8n writes an object there as "[object Object]". Here the input is put in
 * words a person reads on a phone instead: one "field: value" per line, cut so that the whole text fits
 * one SMS.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

const OBJECT_TEXT = '[object Object]';
/** One SMS of the commonest account limit; longer texts cost more credits and may be refused. */
const ONE_TEXT = 160;
/** What the input keeps however long the rest of the template is. */
const MIN_INPUT = 40;
/** `$tool.parameters` as a whole, not one of its fields. */
const WHOLE_INPUT = /\$tool\.parameters(?![\w$.[])/;

function valueText(value: unknown): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return JSON.stringify(value);
}

/**
 * The tool's input in words, at most `room` characters: "field: value" lines. Plain ASCII where it cuts
 * ("..."), since one character outside the SMS alphabet would halve what one text holds.
 */
export function readableInput(parameters: unknown, room: number): string {
	let input = parameters;
	if (typeof input === 'string') {
		try {
			input = JSON.parse(input);
		} catch {
			// A plain text input stays as it is.
		}
	}
	const text =
		typeof input === 'object' && input !== null && !Array.isArray(input)
			? Object.entries(input as IDataObject)
					.map(([key, value]) => `${key}: ${valueText(value)}`)
					.join('\n')
			: valueText(input);
	return text.length <= room ? text : `${text.slice(0, Math.max(room - 3, 0)).trimEnd()}...`;
}

/** The text as the approver gets it: unchanged unless it is a human review's with the tool's input in it. */
export function reviewedText(ctx: IExecuteSingleFunctions, text: string): string {
	const node = ctx.getNode();
	if (!node.type.endsWith('HitlTool') || !text.includes(OBJECT_TEXT)) return text;
	if (!WHOLE_INPUT.test(String(node.parameters.message ?? ''))) return text;
	const tool = (ctx.getWorkflowDataProxy(ctx.getItemIndex()) as unknown as IDataObject).$tool as IDataObject | undefined;
	const rest = text.length - OBJECT_TEXT.length;
	return text.replace(OBJECT_TEXT, readableInput(tool?.parameters, Math.max(ONE_TEXT - rest, MIN_INPUT)));
}
