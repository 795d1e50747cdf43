/**
 * The business a board's address names (`?orbac_subject_id=`, after creating a
 * secret board while acting as it: docs/product/profiles-and-boards.md §2): the board page's
 * reads go as that business, which the server allows only to its members.
 */
export function subjectOfAddress(): string | undefined {
  const id = new URLSearchParams(window.location.search).get('orbac_subject_id');
  return id && /^\d{1,20}$/.test(id) ? id : undefined;
}
