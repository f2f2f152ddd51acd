/** The list's heading: where focus goes when the conversation it was on is deleted. */
export const LIST_HEADING = 'conversation-list-heading';
