// Text as NAV's schemas take it.
/**
 * NAV's text types (`.*[^\s].*`) hold one line: XML Schema's `.` matches no line break, so a
 * name, street or description with one would fail the schema. Breaks become spaces.
 */
export const oneLine = (s: string): string => (LINE_BREAK.test(s) ? s.replace(/\s*(\r\n|\r|\n)\s*/g, ' ') : s).trim();

const LINE_BREAK = /[\r\n]/;
