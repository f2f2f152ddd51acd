/**
 * The dialogs the header's tools open: one at a time, from the menu or the command palette.
 * `raise` is the limits dialog opened at a stop: it saves and continues the run.
 */
export type ToolDialog = 'export' | 'share' | 'model' | 'usage' | 'limits' | 'raise';
