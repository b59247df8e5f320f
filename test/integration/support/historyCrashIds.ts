/** The documents the history's crash test writes version after version of (historyWriteStream.ts). */
export const HISTORY_CRASH_IDS = [0, 1, 2].map((i) => `https://crash.example.org/object/${i}`);
