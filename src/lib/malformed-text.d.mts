export const MALFORMED_TEXT_MESSAGE: string;

export function isMalformedText(text: string): boolean;
