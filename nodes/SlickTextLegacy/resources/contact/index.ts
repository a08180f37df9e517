import { resourceProperties } from '../../../shared/descriptions';

// Operations are added one file each in this folder (see ../../../SlickText/resources/contact for the pattern).
export const contactProperties = resourceProperties('contact', {}, '');
