import { useEffect, useRef, type Dispatch, type KeyboardEvent, type PointerEvent } from 'react';
import { COLLAGE_CANVAS } from '@pinboard/shared/constants/collages';
import { firstImage, pinAltText, pinTitle } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/allTexts';
import type { Pin } from '../../pins/pins.api';
import { actionForKey, type EditorAction, type EditorLayer } from '../layers';
import styles from './CollageCanvas.module.css';

export interface CollageCanvasProps {
  layers: readonly EditorLayer[];
  selected: string | null;
  pins: ReadonlyMap<string, Pin>;
  dispatch: Dispatch<EditorAction>;
}

const pct = (value: number, of: number) => `${(value / of) * 100}%`;

interface Drag {
  key: string;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  layerX: number;
  layerY: number;
  layerWidth: number;
  /** Canvas pixels per screen pixel. */
  scale: number;
}

/**
 * The canvas at screen size: each layer is a focusable image. The mouse
 * drags a layer or its corner handle; the keyboard moves (arrows), resizes
 * (+ and −), reorders ([ and ]) and removes (Delete) the focused one.
 */
export function CollageCanvas({ layers, selected, pins, dispatch }: CollageCanvasProps) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const layerRefs = useRef(new Map<string, HTMLDivElement>());
  const drag = useRef<Drag | null>(null);
  const keyboardFocus = useRef(false);

  // After a keyboard change (a removal selects another layer), focus follows the selection.
  useEffect(() => {
    if (!keyboardFocus.current) return;
    keyboardFocus.current = false;
    if (selected) layerRefs.current.get(selected)?.focus();
    else canvasRef.current?.focus();
  }, [selected, layers]);

  const startDrag = (event: PointerEvent<HTMLElement>, layer: EditorLayer, mode: Drag['mode']) => {
    if (event.button !== 0 || !canvasRef.current) return;
    event.preventDefault();
    event.stopPropagation();
    const rect = canvasRef.current.getBoundingClientRect();
    drag.current = {
      key: layer.key,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      layerX: layer.x,
      layerY: layer.y,
      layerWidth: layer.width,
      scale: COLLAGE_CANVAS.width / rect.width,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    dispatch({ type: 'select', key: layer.key });
    layerRefs.current.get(layer.key)?.focus({ preventScroll: true });
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = (event.clientX - d.startX) * d.scale;
    const dy = (event.clientY - d.startY) * d.scale;
    if (d.mode === 'move') dispatch({ type: 'moveTo', key: d.key, x: d.layerX + dx, y: d.layerY + dy });
    else dispatch({ type: 'resizeTo', key: d.key, width: d.layerWidth + Math.max(dx, dy) * 2 });
  };

  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, layer: EditorLayer) => {
    const action = actionForKey(event.key, layer.key, event.shiftKey);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'remove' || action.type === 'forward' || action.type === 'backward') keyboardFocus.current = true;
    dispatch(action);
  };

  return (
    <div
      ref={canvasRef}
      className={styles.canvas}
      role="group"
      aria-label={TEXTS.collages.canvasLabel}
      aria-describedby="collage-keyboard-help"
      tabIndex={-1}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) dispatch({ type: 'select', key: null });
      }}
    >
      {layers.length === 0 && <p className={styles.empty}>{TEXTS.collages.emptyCanvas}</p>}
      {layers.map((layer, index) => {
        const pin = pins.get(layer.pinId);
        const image = pin ? firstImage(pin.images, layer.width > 500 ? ['736x', '1200x', 'orig'] : ['474x', '736x', 'orig']) : null;
        const isSelected = layer.key === selected;
        return (
          <div
            key={layer.key}
            ref={(node) => {
              if (node) layerRefs.current.set(layer.key, node);
              else layerRefs.current.delete(layer.key);
            }}
            className={styles.layer}
            data-selected={isSelected || undefined}
            role="button"
            tabIndex={0}
            aria-pressed={isSelected}
            aria-label={TEXTS.collages.layerLabel({ n: index + 1, total: layers.length, title: pin ? pinTitle(pin) || pinAltText(pin) : '' })}
            style={{
              left: pct(layer.x, COLLAGE_CANVAS.width),
              top: pct(layer.y, COLLAGE_CANVAS.height),
              width: pct(layer.width, COLLAGE_CANVAS.width),
              height: pct(layer.height, COLLAGE_CANVAS.height),
              transform: layer.rotation ? `rotate(${layer.rotation}deg)` : undefined,
              backgroundColor: pin?.dominant_color,
              zIndex: index + 1,
            }}
            onFocus={() => dispatch({ type: 'select', key: layer.key })}
            onKeyDown={(event) => onKeyDown(event, layer)}
            onPointerDown={(event) => startDrag(event, layer, 'move')}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          >
            {image && <img className={styles.image} src={image.url} alt="" draggable={false} />}
            {isSelected && (
              <span
                className={styles.handle}
                aria-hidden="true"
                title={TEXTS.collages.resizeHandle}
                onPointerDown={(event) => startDrag(event, layer, 'resize')}
                onPointerMove={onPointerMove}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
