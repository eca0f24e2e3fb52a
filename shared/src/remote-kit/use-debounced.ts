import { useEffect, useState } from 'react';

/**
 * The value once it has not changed for `ms` (a quote is not asked for at every keystroke). Compare by identity: pass
 * a string or a number, not an object made at each render (the timer would restart at every render).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
