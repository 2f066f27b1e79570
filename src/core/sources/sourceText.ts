/** The binding a set record is shown with when it answers for one of its volumes ("another edition: ISBN … (multi-volume set)"): a value of the book's record, as a source's own binding is. */
export const SET_BINDING = 'multi-volume set';
