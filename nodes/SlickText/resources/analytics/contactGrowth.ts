import type { OperationDescription } from '../../../shared/descriptions';
import { currentRoute } from '../../../shared/routing';
import { GROUP_BY_OPTIONS, growthQuery } from './fields';

export const contactGrowth: OperationDescription = {
	option: {
		name: 'Get Contact Growth',
		value: 'contactGrowth',
		action: 'Get contact growth',
		description: 'Count new contacts over a period, per hour, day, month or year, optionally compared with an earlier period',
		route: currentRoute({ method: 'GET', url: '/analytics/contacts/growth', preSend: [growthQuery] }),
	},
	properties: [
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			required: true,
			default: '',
			description: 'First day of the period (only the date is used)',
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			required: true,
			default: '',
			description: 'Last day of the period (only the date is used)',
		},
		{
			displayName: 'Frequency',
			name: 'frequency',
			type: 'options',
			options: [
				{ name: 'Day', value: 'day' },
				{ name: 'Hour', value: 'hour' },
				{ name: 'Month', value: 'month' },
				{ name: 'Year', value: 'year' },
			],
			default: 'day',
			description: 'Length of each step of the series',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Compare With',
					name: 'compare',
					type: 'options',
					options: [
						{ name: 'Previous Day', value: 'DoD' },
						{ name: 'Previous Month', value: 'MoM' },
						{ name: 'Previous Period', value: 'PoP' },
						{ name: 'Previous Quarter', value: 'QoQ' },
						{ name: 'Previous Week', value: 'WoW' },
						{ name: 'Previous Year', value: 'YoY' },
					],
					default: 'PoP',
					description: 'Earlier period to compare the growth with',
						},
				{
					displayName: 'Group By',
					name: 'group',
					type: 'options',
					options: GROUP_BY_OPTIONS,
					default: 'source',
					description: 'Break the growth down by source or opt-in status',
						},
			],
		},
	],
};
