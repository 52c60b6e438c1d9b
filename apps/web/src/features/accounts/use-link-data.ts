import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

/** The data behind a mailed link's token (?token=…); a link without one never asks the server. */
export function useLinkData<T>(name: string, load: (token: string) => Promise<T>) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useQuery({ queryKey: [name, token], queryFn: () => load(token), enabled: token !== '', retry: false, staleTime: Infinity });
  return { token, query };
}
