'use strict';
// Constants of the legacy API: its base path, page sizes and limits.

const BASE = '/legacy/v1';
const MAX_LIMIT = 10000;
const DEFAULT_LIMIT = 20;
const LOG_PAGE_SIZE = 100;
const DOUBLE_OPT_IN_MAX = 160;
// MMS body limits depend on the sending number type (spec: "600 to 1600"). Which type gets which is
// not published; the sandbox gives short codes 1600 and toll-free or long numbers 600.
const MMS_LIMIT = { shortCode: 1600, other: 600 };
const MEDIA_EXTENSIONS = /\.(jpe?g|png|gif)$/i;
// Send logs exist only for messages sent after this date and expire 12 months after creation.
const LOG_FIRST_DAY = '2021-03-15 00:00:00';
const SHORTLINK_DOMAIN = 'https://slkt.io';

module.exports = {
	BASE, MAX_LIMIT, DEFAULT_LIMIT, LOG_PAGE_SIZE, DOUBLE_OPT_IN_MAX, MMS_LIMIT, MEDIA_EXTENSIONS, LOG_FIRST_DAY,
	SHORTLINK_DOMAIN,
};
