import type { ChatMessage, Conversation } from '@saathi/contracts';

/** Requests waiting for the viewer, and everything else (the inbox). */
export function splitRequests(conversations: readonly Conversation[]): {
  inbox: Conversation[];
  requests: Conversation[];
} {
  return {
    inbox: conversations.filter((conversation) => !conversation.isRequest),
    requests: conversations.filter((conversation) => conversation.isRequest === true),
  };
}

/** Someone answered: the thread has messages from both people. */
export function hasReply(messages: readonly ChatMessage[]): boolean {
  return new Set(messages.map((message) => message.senderId)).size > 1;
}
