/** The fields Simplify keeps: what a person or an AI agent needs to tell records apart and act on them. */

export const CONTACT_SUMMARY = ['id', 'number', 'firstName', 'lastName', 'email', 'textword', 'subscribedDate', 'clickCount'];

export const MESSAGE_SUMMARY = ['id', 'campaign', 'body', 'textword', 'contact', 'count', 'sent', 'scheduled'];
