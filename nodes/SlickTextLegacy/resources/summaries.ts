import { SIMPLE_SUBSCRIBER_FIELDS } from '../../shared/simplify';

/** The fields Simplify keeps: what a person or an AI agent needs to tell records apart and act on them. */

// A shortlink's clickers also carry their click count.
export const CONTACT_SUMMARY = [...SIMPLE_SUBSCRIBER_FIELDS, 'clickCount'];

export const MESSAGE_SUMMARY = ['id', 'campaign', 'body', 'textword', 'contact', 'count', 'sent', 'scheduled'];
