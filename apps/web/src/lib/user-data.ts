/**
 * What a browser keeps for one user on the device (read cache, queued changes, cached pictures) is
 * removed at logout through one list, so the next person at this browser sees nothing of it.
 */
type UserDataRemover = (username: string) => Promise<void>;

const removers = new Set<UserDataRemover>();

/** A store that keeps data per user registers how to remove one user's data; returns the unregistration. */
export function onUserDataRemoval(remove: UserDataRemover): () => void {
  removers.add(remove);
  return () => removers.delete(remove);
}

/** Removes every store's data of this user; a store that fails does not keep the others from clearing. */
export async function removeUserData(username: string): Promise<void> {
  await Promise.allSettled([...removers].map((remove) => remove(username.toLowerCase())));
}
