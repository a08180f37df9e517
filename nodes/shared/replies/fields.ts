/**
 * The fields of the operations that wait for a reply (Send and Wait for Reply, Wait for Reply), on both
 * nodes, and how they are read. Names follow n8n's own Send and Wait operations (responseType,
 * limitWaitTime), so that n8n's human-review tool for AI agents (built from a node with a sendAndWait
 * operation) finds what it sets.
 */
import {
	NodeOperationError,
	WAIT_INDEFINITELY,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { sortByName } from '../descriptions';
import type { AnswerRules } from './answers';
import { wordList } from './protocol';

export const DEFAULT_YES_WORDS = 'YES, Y';
export const DEFAULT_NO_WORDS = 'NO, N';

/** The words an approval takes as yes and as no (a wait's and a poll's). */
export const answerWords: INodeProperties[] = [
	{
		displayName: 'Yes Words',
		name: 'yesWords',
		type: 'string',
		default: DEFAULT_YES_WORDS,
		description: 'Answers that approve, separated by commas. Case, spaces and punctuation around the word are ignored.',
	},
	{
		displayName: 'No Words',
		name: 'noWords',
		type: 'string',
		default: DEFAULT_NO_WORDS,
		description: 'Answers that decline, separated by commas. Case, spaces and punctuation around the word are ignored.',
	},
];

/** How long, as an amount and a unit (a wait's time limit, a poll's deadline). */
export function amountAndUnit(names: { amount: string; unit: string }, description: string, displayOptions: INodeProperties['displayOptions']): INodeProperties[] {
	return [
		{
			displayName: 'Amount',
			name: names.amount,
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 1,
			description,
			displayOptions,
		},
		{
			displayName: 'Unit',
			name: names.unit,
			type: 'options',
			options: [
				{ name: 'Minutes', value: 'minutes' },
				{ name: 'Hours', value: 'hours' },
				{ name: 'Days', value: 'days' },
			],
			default: 'days',
			description: 'Unit of the amount',
			displayOptions,
		},
	];
}

/** The answer fields and the options of a waiting operation. */
export function replyFields(): INodeProperties[] {
	return [
		{
			displayName: 'Response Type',
			name: 'responseType',
			type: 'options',
			options: [
				{
					name: 'Approval',
					value: 'approval',
					description: 'The person answers yes or no; the output says whether they approved',
				},
				{
					name: 'Free Text',
					value: 'freeText',
					description: 'Any answer; the output has its text',
				},
			],
			default: 'approval',
			description: 'What kind of answer the workflow waits for',
		},
		{
			displayName:
				"An approval takes only replies the trigger verifies: the webhook secret in its SlickText Legacy API credential (legacy), or 'Confirm Events with SlickText' (current)",
			name: 'approvalNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { responseType: ['approval'] } },
		},
		{
			displayName:
				"Without the webhook secret (legacy) or 'Confirm Events with SlickText' (current) in the trigger, anyone who reaches its URL could send this reply: the output's reply.verified says whether it was checked",
			name: 'freeTextNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { responseType: ['freeText'] } },
		},
		// Version 1 showed the words at the top of the panel; version 2 has them in Options, as optional fields belong.
		...answerWords.map((word) => ({
			...word,
			displayOptions: { show: { responseType: ['approval'], '@version': [1] } },
		})),
		{
			displayName: 'Other Answers',
			name: 'otherAnswers',
			type: 'options',
			options: [
				{
					name: 'Go On as Not Understood',
					value: 'notUnderstood',
					description: 'The workflow goes on with the answer, marked as not understood and not approved',
				},
				{
					name: 'Keep Waiting',
					value: 'keepWaiting',
					description: 'The workflow keeps waiting for a yes or a no; the answer comes out of the SlickText Trigger instead',
				},
			],
			default: 'notUnderstood',
			description: 'What happens when the answer is neither a yes word nor a no word',
			displayOptions: { show: { responseType: ['approval'] } },
		},
		{ ...waitOptions([]), displayOptions: { show: { '@version': [1] } } },
		{
			...waitOptions(
				answerWords.map((word) => ({
					...word,
					displayOptions: { show: { '/responseType': ['approval'] } },
				})),
			),
			displayOptions: { show: { '@version': [2] } },
		},
	];
}

/** Options > the wait's options; `words` are the answer words where the version has them there. */
function waitOptions(words: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'waitOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: sortByName<INodeProperties>([
			{
				displayName: 'Accept Unverified Replies',
				name: 'acceptUnverifiedReplies',
				type: 'boolean',
				default: false,
				description:
					"Whether an approval may take a reply the trigger cannot verify (no webhook secret on legacy, no 'Confirm Events with SlickText' on current). Anyone who can reach the trigger's URL could then answer YES for the person. Free Text takes such replies anyway.",
			},
			{
				displayName: 'Limit Wait Time',
				name: 'limitWaitTime',
				type: 'fixedCollection',
				default: {
					values: {
						limitType: 'afterTimeInterval',
						resumeAmount: 1,
						resumeUnit: 'days',
					},
				},
				description:
					'Whether to stop waiting at some point. The workflow then goes on with an output that says it timed out; an answer that comes later comes out of the SlickText Trigger.',
				options: [
					{
						displayName: 'Values',
						name: 'values',
						values: [
							{
								displayName: 'Limit Type',
								name: 'limitType',
								type: 'options',
								options: [
									{
										name: 'After Time Interval',
										value: 'afterTimeInterval',
										description: 'Waits for a certain amount of time',
									},
									{
										name: 'At Specified Time',
										value: 'atSpecifiedTime',
										description: 'Waits until a date and time',
									},
								],
								default: 'afterTimeInterval',
								description: 'How the end of the wait is given',
							},
							...amountAndUnit({ amount: 'resumeAmount', unit: 'resumeUnit' }, 'How long to wait', { show: { limitType: ['afterTimeInterval'] } }),
							{
								displayName: 'Max Date and Time',
								name: 'maxDateAndTime',
								type: 'dateTime',
								default: '',
								description: 'When to stop waiting',
								displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
							},
						],
					},
				],
			},
			...words,
		]),
	};
}


/** Reads a parameter: the webhook context takes no item index, the execute context item 0 (the one item). */
export type ReadParameter = (name: string, fallback: unknown) => unknown;

/** The answer rules of a wait for one person (answers.ts), as the waiting node's webhook reads them when a reply comes. */
export function answerSettings(get: ReadParameter): AnswerRules {
	const options = (get('waitOptions', {}) ?? {}) as IDataObject;
	return {
		responseType: get('responseType', 'approval') === 'freeText' ? 'freeText' : 'approval',
		choices: [],
		// Options holds the words from version 2 on; a version 1 node has them at the top.
		yes: wordList(options.yesWords ?? get('yesWords', DEFAULT_YES_WORDS)),
		no: wordList(options.noWords ?? get('noWords', DEFAULT_NO_WORDS)),
		keepWaiting: get('otherAnswers', 'notUnderstood') === 'keepWaiting',
		acceptUnverified: options.acceptUnverifiedReplies === true,
	};
}

const UNIT_MS: Record<string, number> = {
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

/** When the wait ends (n8n's WAIT_INDEFINITELY without a limit); checked before anything is sent. */
export function waitEnd(ctx: IExecuteFunctions, now: number): Date {
	const options = ctx.getNodeParameter('waitOptions', 0, {}) as IDataObject;
	const limit = (options.limitWaitTime as IDataObject | undefined)?.values as IDataObject | undefined;
	if (!limit) return WAIT_INDEFINITELY;
	const fail = (problem: string) =>
		new NodeOperationError(ctx.getNode(), `'Limit Wait Time': ${problem} [item 0]`, {
			description: "Set how long the workflow waits for the answer, or remove 'Limit Wait Time' to wait without a limit.",
			itemIndex: 0,
		});
	if (limit.limitType === 'atSpecifiedTime') {
		const at = new Date(String(limit.maxDateAndTime ?? ''));
		if (Number.isNaN(at.getTime())) throw fail(`"${String(limit.maxDateAndTime ?? '')}" is not a date and time`);
		if (at.getTime() <= now) throw fail(`${at.toISOString()} has passed already`);
		return at;
	}
	const amount = Number(limit.resumeAmount);
	const unit = UNIT_MS[String(limit.resumeUnit ?? 'days')];
	if (!Number.isFinite(amount) || amount <= 0) throw fail(`the amount must be more than 0, got ${String(limit.resumeAmount)}`);
	if (unit === undefined) throw fail(`"${String(limit.resumeUnit)}" is not minutes, hours or days`);
	return new Date(now + amount * unit);
}
