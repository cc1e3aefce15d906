import { useCallback, useEffect, useRef, useState } from 'react';

type GeoFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export type GeoState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; lat: number; lng: number; accuracy: number }
  | { status: 'failed'; reason: GeoFailure };

/** What went wrong, said kindly, always with the way on: type the place instead. */
export const GEO_FAILURE_TEXT: Record<GeoFailure, string> = {
  unsupported: '这部手机的浏览器不能获取位置，请在下面填写位置，例如“村委会东侧100米”。',
  denied: '没有获得位置权限。如需自动获取，请在手机设置中允许浏览器使用位置信息后再试；也可以直接在下面填写位置。',
  unavailable: '暂时无法确定您的位置（可能没有打开定位或信号较弱），请稍后再试，或直接在下面填写位置。',
  timeout: '获取位置超时，请到开阔的地方再试一次，或直接在下面填写位置。',
};

const FAILURE_BY_CODE: Record<number, GeoFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };
/** Six decimals are about 0.1 m: more would only pretend to precision. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The phone's position on request, only when the villager allows it (the browser asks them). */
export function useGeolocation() {
  const [state, setState] = useState<GeoState>({ status: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geolocation || typeof geolocation.getCurrentPosition !== 'function') {
      setState({ status: 'failed', reason: 'unsupported' });
      return;
    }
    setState({ status: 'locating' });
    geolocation.getCurrentPosition(
      (position) => {
        if (!alive.current) return;
        const { latitude, longitude, accuracy } = position.coords;
        setState({ status: 'located', lat: round6(latitude), lng: round6(longitude), accuracy: Math.round(accuracy) });
      },
      (error) => {
        if (!alive.current) return;
        setState({ status: 'failed', reason: FAILURE_BY_CODE[error.code] ?? 'unavailable' });
      },
      // A fresh fix within 15 s; one up to a minute old is as good for "where is the problem".
      { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 },
    );
  }, []);

  const clear = useCallback(() => setState({ status: 'idle' }), []);
  return { state, locate, clear };
}
