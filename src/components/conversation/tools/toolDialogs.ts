/** The dialogs the header's tools open: one at a time, from the menu or the command palette. */
export type ToolDialog = 'export' | 'share' | 'model' | 'usage';
