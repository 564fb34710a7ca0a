/**
 * The message the connect web app's callback page sends the frame that embeds it (the admin
 * app's sheet) when a session has left for the callback: the host stops waiting and reads the
 * token's outcome. `ending` is the sheet's own word for it, null when it does not know.
 */
export const ENDED_MESSAGE = 'tariff-desk:connect-ended';

export interface EndedMessage {
  type: typeof ENDED_MESSAGE;
  ending: 'connected' | 'pending' | 'disconnected' | 'closed' | null;
}

/** Whether a posted message is that one. */
export const isEndedMessage = (data: unknown): data is EndedMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === ENDED_MESSAGE;
