/**
 * The collage being made: its layers (bottom first), which one is selected,
 * and every change a person makes with the mouse or the keyboard. Pure, so
 * the rules are unit tested; positions are canvas pixels.
 */
import { COLLAGE_CANVAS, COLLAGE_LAYER_MAX_SIZE, COLLAGE_LAYER_MIN_SIZE, COLLAGE_MAX_LAYERS } from '@pinboard/shared/constants/collages';

interface LayerSource {
  id: string;
  width: number;
  height: number;
}

export interface EditorLayer {
  /** Stable within the editor (the same Pin may be placed twice). */
  key: string;
  pinId: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

export interface EditorState {
  layers: EditorLayer[];
  selected: string | null;
  /** True after a change not yet saved. */
  dirty: boolean;
}

export type EditorAction =
  | { type: 'load'; layers: Omit<EditorLayer, 'key'>[] }
  | { type: 'add'; pin: LayerSource }
  | { type: 'select'; key: string | null }
  | { type: 'move'; key: string; dx: number; dy: number }
  | { type: 'moveTo'; key: string; x: number; y: number }
  | { type: 'resize'; key: string; factor: number }
  | { type: 'resizeTo'; key: string; width: number }
  | { type: 'remove'; key: string }
  | { type: 'forward'; key: string }
  | { type: 'backward'; key: string }
  | { type: 'saved' };

/** Keyboard steps: arrows move this far (Shift: the larger step); + and − scale by this factor. */
export const MOVE_STEP = 10;
const MOVE_STEP_LARGE = 50;
const RESIZE_FACTOR = 1.1;

/** A newly added image takes this share of the canvas width. */
const NEW_LAYER_SHARE = 0.6;
/** Each new image is offset a little from the previous one, so they don't hide each other. */
const CASCADE = 40;

let nextKey = 0;
const newKey = () => `layer-${++nextKey}`;

export const initialEditorState: EditorState = { layers: [], selected: null, dirty: false };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps at least a sliver of the box on the canvas (the server refuses a box entirely off it). */
function onCanvas(layer: EditorLayer): EditorLayer {
  const minVisible = COLLAGE_LAYER_MIN_SIZE / 2;
  return {
    ...layer,
    x: Math.round(clamp(layer.x, minVisible - layer.width, COLLAGE_CANVAS.width - minVisible)),
    y: Math.round(clamp(layer.y, minVisible - layer.height, COLLAGE_CANVAS.height - minVisible)),
  };
}

/** Scales the box about its centre, keeping its shape and the size limits. */
function scaled(layer: EditorLayer, width: number): EditorLayer {
  const ratio = layer.height / layer.width;
  const maxWidth = Math.min(COLLAGE_LAYER_MAX_SIZE, COLLAGE_LAYER_MAX_SIZE / ratio);
  const minWidth = Math.max(COLLAGE_LAYER_MIN_SIZE, COLLAGE_LAYER_MIN_SIZE / ratio);
  const newWidth = Math.round(clamp(width, minWidth, maxWidth));
  const newHeight = Math.round(newWidth * ratio);
  const cx = layer.x + layer.width / 2;
  const cy = layer.y + layer.height / 2;
  return onCanvas({ ...layer, width: newWidth, height: newHeight, x: cx - newWidth / 2, y: cy - newHeight / 2 });
}

/** A new layer for a Pin's image: its own shape, centred, a little below the last one. */
function layerFor(pin: LayerSource, index: number): EditorLayer {
  const ratio = pin.width > 0 && pin.height > 0 ? pin.height / pin.width : 1;
  let width = COLLAGE_CANVAS.width * NEW_LAYER_SHARE;
  let height = width * ratio;
  if (height > COLLAGE_CANVAS.height * NEW_LAYER_SHARE) {
    height = COLLAGE_CANVAS.height * NEW_LAYER_SHARE;
    width = height / ratio;
  }
  const offset = (index % 6) * CASCADE;
  return onCanvas({
    key: newKey(),
    pinId: pin.id,
    width: Math.round(width),
    height: Math.round(height),
    x: (COLLAGE_CANVAS.width - width) / 2 + offset - CASCADE,
    y: (COLLAGE_CANVAS.height - height) / 2 + offset - CASCADE,
    rotation: 0,
  });
}

export function canAddLayer(state: EditorState): boolean {
  return state.layers.length < COLLAGE_MAX_LAYERS;
}

function update(state: EditorState, key: string, change: (layer: EditorLayer) => EditorLayer): EditorState {
  if (!state.layers.some((layer) => layer.key === key)) return state;
  return { ...state, dirty: true, layers: state.layers.map((layer) => (layer.key === key ? change(layer) : layer)) };
}

function shift(state: EditorState, key: string, by: 1 | -1): EditorState {
  const from = state.layers.findIndex((layer) => layer.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= state.layers.length) return state;
  const layers = [...state.layers];
  [layers[from], layers[to]] = [layers[to]!, layers[from]!];
  return { ...state, layers, dirty: true };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return { layers: action.layers.map((layer) => ({ ...layer, key: newKey() })), selected: null, dirty: false };
    case 'add': {
      if (!canAddLayer(state)) return state;
      const layer = layerFor(action.pin, state.layers.length);
      return { layers: [...state.layers, layer], selected: layer.key, dirty: true };
    }
    case 'select':
      return { ...state, selected: action.key };
    case 'move':
      return update(state, action.key, (layer) => onCanvas({ ...layer, x: layer.x + action.dx, y: layer.y + action.dy }));
    case 'moveTo':
      return update(state, action.key, (layer) => onCanvas({ ...layer, x: action.x, y: action.y }));
    case 'resize':
      return update(state, action.key, (layer) => scaled(layer, layer.width * action.factor));
    case 'resizeTo':
      return update(state, action.key, (layer) => scaled(layer, action.width));
    case 'remove': {
      const layers = state.layers.filter((layer) => layer.key !== action.key);
      if (layers.length === state.layers.length) return state;
      return { layers, selected: state.selected === action.key ? (layers.at(-1)?.key ?? null) : state.selected, dirty: true };
    }
    case 'forward':
      return shift(state, action.key, 1);
    case 'backward':
      return shift(state, action.key, -1);
    case 'saved':
      return { ...state, dirty: false };
  }
}

/** What a key press on a selected layer does, or null for keys the editor leaves alone. */
export function actionForKey(key: string, layerKey: string, shiftKey: boolean): EditorAction | null {
  const step = shiftKey ? MOVE_STEP_LARGE : MOVE_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { type: 'move', key: layerKey, dx: -step, dy: 0 };
    case 'ArrowRight':
      return { type: 'move', key: layerKey, dx: step, dy: 0 };
    case 'ArrowUp':
      return { type: 'move', key: layerKey, dx: 0, dy: -step };
    case 'ArrowDown':
      return { type: 'move', key: layerKey, dx: 0, dy: step };
    case '+':
    case '=':
      return { type: 'resize', key: layerKey, factor: RESIZE_FACTOR };
    case '-':
    case '_':
      return { type: 'resize', key: layerKey, factor: 1 / RESIZE_FACTOR };
    case 'Delete':
    case 'Backspace':
      return { type: 'remove', key: layerKey };
    case ']':
      return { type: 'forward', key: layerKey };
    case '[':
      return { type: 'backward', key: layerKey };
    default:
      return null;
  }
}

/** The layers as the API takes them (bottom first). */
export function toApiLayers(layers: readonly EditorLayer[]) {
  return layers.map(({ pinId, x, y, width, height, rotation }) => ({ pin_id: pinId, x, y, width, height, rotation }));
}
