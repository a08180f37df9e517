/** The largest page both APIs serve (the legacy spec says 10,000; the current API serves as many). */
export const MAX_PAGE_SIZE = 10_000;
