import type { OperationDescription } from '../../../shared/descriptions';
import { HAND_OUT_URL_PARAMETER, handOutRun } from '../../../shared/replies/handOut';

/** Each item starts a run of its own at the SlickText Trigger's Each Person output (shared/replies/handOut.ts). */
export const startPersonRuns: OperationDescription = {
	option: {
		name: "Start Each Person's Run",
		value: 'startPersonRuns',
		action: "Start each person's run at the trigger",
		description:
			"Hand each item to the SlickText Trigger, which starts a run with it on its Each Person output: to text a whole list and wait for every reply at once",
		run: handOutRun('current'),
	},
	properties: [
		{
			displayName: "Each item starts a run of this workflow at the SlickText Trigger's Each Person output: turn on its 'Runs for Each Person'",
			name: 'startPersonRunsNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Trigger URL',
			name: HAND_OUT_URL_PARAMETER,
			type: 'string',
			default: '',
			placeholder: 'e.g. https://n8n.example.com/webhook/0b9e.../webhook',
			description:
				"Production URL of the SlickText Trigger in this workflow (its Webhook URLs). Leave empty when that trigger is the one whose URL the credential holds in 'Trigger URL for Replies'.",
		},
	],
	effect: 'automation',
	effectNote: "starts an n8n run for each item at the SlickText Trigger, which may text the person; sends nothing itself",
};
