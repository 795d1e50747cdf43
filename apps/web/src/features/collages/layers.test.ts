import { describe, expect, it } from 'vitest';
import { COLLAGE_CANVAS, COLLAGE_LAYER_MIN_SIZE, COLLAGE_MAX_LAYERS } from '@pinboard/shared/constants/collages';
import { actionForKey, editorReducer, initialEditorState, MOVE_STEP, toApiLayers, type EditorState } from './layers';

const tall = { id: '11', width: 600, height: 900 };
const wide = { id: '22', width: 800, height: 400 };

function withTwo(): EditorState {
  return editorReducer(editorReducer(initialEditorState, { type: 'add', pin: tall }), { type: 'add', pin: wide });
}

describe('collage editor', () => {
  it('adds images in their own shape, on the canvas, selecting the new one', () => {
    const state = withTwo();
    expect(state.layers).toHaveLength(2);
    const [first, second] = state.layers;
    expect(first!.height / first!.width).toBeCloseTo(1.5, 1);
    expect(second!.width / second!.height).toBeCloseTo(2, 1);
    expect(state.selected).toBe(second!.key);
    expect(state.dirty).toBe(true);
    for (const layer of state.layers) {
      expect(layer.x).toBeGreaterThanOrEqual(0);
      expect(layer.x + layer.width).toBeLessThanOrEqual(COLLAGE_CANVAS.width);
    }
  });

  it('moves with the arrow keys and keeps a part of the image on the canvas', () => {
    let state = withTwo();
    const key = state.selected!;
    const before = state.layers[1]!;
    state = editorReducer(state, actionForKey('ArrowRight', key, false)!);
    state = editorReducer(state, actionForKey('ArrowDown', key, false)!);
    expect(state.layers[1]).toMatchObject({ x: before.x + MOVE_STEP, y: before.y + MOVE_STEP });
    for (let i = 0; i < 100; i++) state = editorReducer(state, actionForKey('ArrowLeft', key, true)!);
    const moved = state.layers[1]!;
    expect(moved.x + moved.width).toBeGreaterThan(0);
  });

  it('resizes about the centre with + and −, keeping the shape and the limits', () => {
    let state = withTwo();
    const key = state.selected!;
    const before = state.layers[1]!;
    state = editorReducer(state, actionForKey('+', key, false)!);
    const bigger = state.layers[1]!;
    expect(bigger.width).toBeGreaterThan(before.width);
    expect(bigger.x + bigger.width / 2).toBeCloseTo(before.x + before.width / 2, 0);
    for (let i = 0; i < 80; i++) state = editorReducer(state, actionForKey('-', key, false)!);
    expect(state.layers[1]!.height).toBeGreaterThanOrEqual(COLLAGE_LAYER_MIN_SIZE);
    expect(state.layers[1]!.width / state.layers[1]!.height).toBeCloseTo(2, 0);
  });

  it('reorders with [ and ] and removes with Delete', () => {
    let state = withTwo();
    const top = state.selected!;
    state = editorReducer(state, actionForKey('[', top, false)!);
    expect(state.layers[0]!.key).toBe(top);
    state = editorReducer(state, actionForKey('[', top, false)!);
    expect(state.layers[0]!.key).toBe(top);
    state = editorReducer(state, actionForKey(']', top, false)!);
    expect(state.layers[1]!.key).toBe(top);
    state = editorReducer(state, actionForKey('Delete', top, false)!);
    expect(state.layers.map((l) => l.pinId)).toEqual(['11']);
    expect(state.selected).toBe(state.layers[0]!.key);
    expect(actionForKey('a', top, false)).toBeNull();
  });

  it('stops at the layer limit and gives the API its layers bottom first', () => {
    let state = initialEditorState;
    for (let i = 0; i < COLLAGE_MAX_LAYERS + 3; i++) state = editorReducer(state, { type: 'add', pin: tall });
    expect(state.layers).toHaveLength(COLLAGE_MAX_LAYERS);
    const api = toApiLayers(withTwo().layers);
    expect(api.map((l) => l.pin_id)).toEqual(['11', '22']);
    expect(Object.keys(api[0]!).sort()).toEqual(['height', 'pin_id', 'rotation', 'width', 'x', 'y']);
  });

  it('loads saved layers as clean', () => {
    const state = editorReducer(withTwo(), { type: 'load', layers: [{ pinId: '5', x: 1, y: 2, width: 100, height: 100, rotation: 0 }] });
    expect(state).toMatchObject({ dirty: false, selected: null, layers: [{ pinId: '5', x: 1, y: 2 }] });
  });
});
