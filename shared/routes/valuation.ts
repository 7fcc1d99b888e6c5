import { emptyRequest } from '../schemas/common';
import {
  addPitchRequest,
  addValuationRequest,
  buyPitchRequest,
  trackedPitchesRequest,
  trackPitchRequest,
  updateTrackedPitchRequest,
  updateValuationRequest,
  valuationIdRequest,
} from '../schemas/valuation-api';
import { defineRoutes } from './types';

export const valuationRoutes = defineRoutes([
  { id: 'getValuationTypes', method: 'GET', path: '/api/getValuationTypes', auth: false, handler: 'api/getValuationTypes', request: emptyRequest, needs: [], summary: 'The four valuation methodologies' },
  { id: 'addValuation', method: 'POST', path: '/api/addValuation', auth: true, handler: 'api/addValuation', request: addValuationRequest, needs: ['table', 'marketData'], summary: 'Save a new valuation (pitch)' },
  { id: 'updateValuation', method: 'POST', path: '/api/updateValuation', auth: true, handler: 'api/updateValuation', request: updateValuationRequest, needs: ['table', 'marketData'], summary: 'Change a saved valuation (Re-Pitch)' },
  { id: 'addPitch', method: 'POST', path: '/api/addPitch', auth: true, handler: 'api/addPitch', request: addPitchRequest, needs: ['table', 'marketData'], summary: 'Pitch a new valuation, or one saved earlier' },
  { id: 'getValuationOutput', method: 'POST', path: '/api/getValuationOutput', auth: true, handler: 'api/getValuationOutput', request: valuationIdRequest, needs: ['table'], summary: 'Outputs of a saved valuation' },
  { id: 'editValuation', method: 'POST', path: '/api/editValuation', auth: true, handler: 'api/editValuation', request: valuationIdRequest, needs: ['table'], summary: 'Load a saved valuation by id' },
  { id: 'myValuation', method: 'POST', path: '/api/myValuation', auth: true, handler: 'api/myValuation', request: emptyRequest, needs: ['table', 'marketData'], summary: "The signed-in user's pitches" },
  { id: 'deletePitch', method: 'POST', path: '/api/deletePitch', auth: true, handler: 'api/deletePitch', request: valuationIdRequest, needs: ['table'], summary: 'Delete a pitch' },
  { id: 'ignoreValuation', method: 'POST', path: '/api/ignoreValuation', auth: true, handler: 'api/ignoreValuation', request: valuationIdRequest, needs: ['table'], summary: 'Ignore a valuation' },
  { id: 'buyPitch', method: 'POST', path: '/api/buyPitch', auth: true, handler: 'api/buyPitch', request: buyPitchRequest, needs: ['table', 'marketData'], summary: 'Buy a pitched stock into a portfolio' },
  { id: 'updatePitch', method: 'POST', path: '/api/update-pitch', auth: true, handler: 'api/updatePitch', request: trackPitchRequest, needs: ['table', 'marketData'], summary: 'Track a pitch (freezes the tracked figures)' },
  { id: 'trackedPitches', method: 'POST', path: '/api/trackedPitches', auth: true, handler: 'api/trackedPitches', request: trackedPitchesRequest, needs: ['table', 'marketData'], summary: 'The tracked pitches; with a payload, updates one intrinsic value' },
  { id: 'updateTrackedPitch', method: 'POST', path: '/api/updateTrackedPitch', auth: true, handler: 'api/updateTrackedPitch', request: updateTrackedPitchRequest, needs: ['table'], summary: "Change a tracked pitch's intrinsic value" },
]);
