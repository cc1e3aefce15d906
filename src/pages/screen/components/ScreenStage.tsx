import { type ReactNode, useEffect, useState } from 'react';
import { STAGE_HEIGHT, STAGE_WIDTH } from '../figures';

const viewportSize = () => ({
  width: document.documentElement.clientWidth || window.innerWidth,
  height: document.documentElement.clientHeight || window.innerHeight,
});

/**
 * The 1920×1080 design, scaled to fit the window whole (scale = the smaller of the two ratios) and
 * centred; what is left over stays dark. Nothing scrolls. Charts inside keep their design size, so
 * a resize only changes the scale.
 */
export default function ScreenStage({ children }: { children: ReactNode }) {
  const [viewport, setViewport] = useState(viewportSize);

  useEffect(() => {
    const onResize = () => setViewport(viewportSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const scale = Math.min(viewport.width / STAGE_WIDTH, viewport.height / STAGE_HEIGHT);
  const left = (viewport.width - STAGE_WIDTH * scale) / 2;
  const top = (viewport.height - STAGE_HEIGHT * scale) / 2;

  return (
    <div className="screen-viewport">
      <div
        className="screen-stage"
        data-scale={scale.toFixed(4)}
        style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(${left}px, ${top}px) scale(${scale})` }}
      >
        {children}
      </div>
    </div>
  );
}
