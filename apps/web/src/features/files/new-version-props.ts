// Apart from the upload form: a file tile opens the upload modal with these, and the form's rules
// (zod) load only with the modal.

/** What the upload modal is opened with for a plan's next version (its ModalProps). */
export interface NewVersionOf {
  /** The plan's current file, which the new version replaces. */
  replaces: number;
  /** The current version's title, to start from. The comment starts empty: it is about the new version. */
  title: string;
}

export const newVersionProps = (file: { id: number; name: string }): NewVersionOf & Record<string, string | number> => ({
  replaces: file.id,
  title: file.name,
});

/** The plan a modal's props name, if it was opened for a new version. */
export function newVersionOf(props: Record<string, unknown>): NewVersionOf | null {
  const { replaces, title } = props;
  if (typeof replaces !== 'number') return null;
  return { replaces, title: typeof title === 'string' ? title : '' };
}
