import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions';
import { inputError } from '../../../shared/errors';
import { isBlank, param } from '../../../shared/validation';
import { assertId } from '../../shared/checks';

/** A shortlink is found by its ID or by the hash at the end of its short URL. */
export function shortlinkFields(): INodeProperties[] {
	return [
		{
			displayName: 'Find By',
			name: 'findBy',
			type: 'options',
			options: [
				{ name: 'ID', value: 'id' },
				{ name: 'Hash', value: 'hash', description: 'The code at the end of the short URL, e.g. k3Fm9 in https://slkt.io/k3Fm9' },
			],
			default: 'id',
		},
		{
			...idLocator({ name: 'shortlinkId', displayName: 'Shortlink', searchMethod: 'searchShortlinks', noun: 'shortlink' }),
			displayOptions: { show: { findBy: ['id'] } },
		},
		{
			displayName: 'Hash',
			name: 'hash',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. k3Fm9',
			description: 'The code at the end of the short URL; a whole short URL works too',
			displayOptions: { show: { findBy: ['hash'] } },
		},
	];
}

/** Sets the path `/shortlinks/{id}` or `/shortlinks/hash-{hash}`, plus `suffix`. */
export function shortlinkPath(suffix = '') {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const findBy = String(param(this, 'findBy', 'id'));
		let ref: string;
		if (findBy === 'id') {
			ref = assertId(this, 'Shortlink', param(this, 'shortlinkId', ''));
		} else if (findBy === 'hash') {
			const value = String(param(this, 'hash', '') ?? '').trim();
			if (isBlank(value)) throw inputError(this, 'Hash', 'is required');
			// A pasted short URL gives its last path segment.
			const hash = value.replace(/\/+$/, '').split('/').pop() ?? '';
			if (!/^[A-Za-z0-9_-]+$/.test(hash)) {
				throw inputError(this, 'Hash', `"${value}" is not a shortlink hash`, 'A hash has letters and digits only, e.g. k3Fm9.');
			}
			ref = `hash-${hash}`;
		} else {
			throw inputError(this, 'Find By', `"${findBy}" is not one of id, hash`);
		}
		requestOptions.url = `/shortlinks/${ref}${suffix}`;
		return requestOptions;
	};
}
