import { resourceProperties } from '../../../shared/descriptions';

// Operations are added one file each in this folder (see ../contact for the pattern).
export const inboxThreadProperties = resourceProperties('inboxThread', {}, '');
