import { SIMPLE_CONTACT_FIELDS } from '../../shared/simplify';

/** The fields Simplify keeps: what a person or an AI agent needs to tell records apart and act on them. */

export const CONTACT_SUMMARY = [...SIMPLE_CONTACT_FIELDS];

export const MESSAGE_SUMMARY = ['_id', 'to', 'from', 'body', 'direction', 'status', 'contact.contact_id', 'created'];
