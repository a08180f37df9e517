/**
 * Poll > Get Answers (both nodes): how a poll stands while it runs, from the SlickText Trigger that keeps
 * it, so that an organiser can look before the deadline. One item per person.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { OperationDescription } from '../descriptions';
import { CREDENTIAL_TYPE, type Platform } from '../platform';
import { credentialsOnce } from '../transport/credentials';
import type { MemberAnswer } from './protocol';
import { signingKeyOf } from './signing';
import { askTrigger, TRIGGER_NAME, triggerUrlOf } from './waiting';

export function getAnswersOperation(platform: Platform): OperationDescription {
	return {
		option: {
			name: 'Get Answers',
			value: 'getAnswers',
			action: 'Get the answers of a poll so far',
			description: `The answers of polls that Ask and Wait started, as the ${TRIGGER_NAME[platform]} holds them: one item per person, while the poll runs and for a day after it ended`,
			run: async (ctx) => {
				const credentials = await credentialsOnce(ctx, CREDENTIAL_TYPE[platform]);
				const prepared = { triggerUrl: triggerUrlOf(ctx, credentials, platform), key: signingKeyOf(platform, credentials) };
				const executionId = String(ctx.getNodeParameter('pollExecutionId', 0, '') ?? '').trim();
				const answer = await askTrigger(ctx, platform, prepared, { kind: 'pollAnswers', executionId }, 'the question');
				const polls = (Array.isArray(answer.polls) ? answer.polls : []) as IDataObject[];
				const out: INodeExecutionData[] = [];
				for (const poll of polls) {
					const ended = poll.ended === true;
					for (const member of (poll.members ?? []) as unknown as MemberAnswer[]) {
						const status = member.state === 'waiting' ? (ended ? 'noAnswer' : 'waiting') : member.state;
						out.push({
							json: {
								poll: poll.executionId,
								deadline: poll.deadline,
								ended,
								status,
								answer: member.state === 'answered' ? (member.reply?.text ?? null) : null,
								...(member.approved !== undefined ? { approved: member.approved } : {}),
								...(member.choice !== undefined ? { choice: member.choice } : {}),
								answeredAt: member.reply?.receivedAt ?? null,
								...(platform === 'legacy' ? { number: member.person } : { contactId: member.person.split(':')[1] ?? member.person }),
								...(member.reason ? { notAskedReason: member.reason } : {}),
							},
							pairedItem: { item: 0 },
						});
					}
				}
				return [out];
			},
		},
		properties: [
			{
				displayName: 'Poll Execution ID',
				name: 'pollExecutionId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1234',
				description: 'The execution that asks (Ask and Wait), as the executions list shows it. Empty: every poll still open.',
			},
		],
		effect: 'read',
	};
}
