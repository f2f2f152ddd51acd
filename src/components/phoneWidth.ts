/** Where the layout is a phone's (styles.css): the list is a drawer, the side panel a sheet. */
export const PHONE_WIDTH = '(max-width: 768px)';
