/** Longest message body, after trimming. */
export const MESSAGE_CONTENT_MAX = 2000;
/** Messages per page of a thread unless the client asks for fewer (or more, up to the max). */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;
/** The Socket.IO path, served by messaging behind the gateway. */
export const SOCKET_IO_PATH = '/socket.io';
/** A typing indicator the sender does not refresh disappears after this long. */
export const TYPING_INDICATOR_MS = 5000;
