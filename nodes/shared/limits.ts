/** The largest page both APIs serve (the legacy spec says 10,000; the current API serves as many). */
export const MAX_PAGE_SIZE = 10_000;

/**
 * Contacts per list add or remove request. SlickText documents no limit on that body and no public
 * client sends more than a few hundred at once, so a big change goes out as several requests of this
 * size, in order, through the rate limiter.
 */
export const MEMBERSHIP_CHUNK_SIZE = 500;
