import { z } from 'zod';
import { emptyRequest } from '../schemas/common';
import { defineRoutes } from './types';

const pending = z.object({}).passthrough();

export const valuationRoutes = defineRoutes([
  { id: 'getValuationTypes', method: 'GET', path: '/api/getValuationTypes', auth: false, handler: 'api/getValuationTypes', request: emptyRequest, needs: [], summary: 'The four valuation methodologies' },
  { id: 'addValuation', method: 'POST', path: '/api/addValuation', auth: true, request: pending, needs: ['table', 'marketData'], summary: 'Save a new valuation (pitch)' },
  { id: 'updateValuation', method: 'POST', path: '/api/updateValuation', auth: true, request: pending, needs: ['table', 'marketData'], summary: 'Change a saved valuation (Re-Pitch)' },
  { id: 'addPitch', method: 'POST', path: '/api/addPitch', auth: true, request: pending, needs: ['table', 'marketData'], summary: 'Pitch a saved valuation' },
  { id: 'getValuationOutput', method: 'POST', path: '/api/getValuationOutput', auth: true, request: pending, needs: ['table'], summary: 'Outputs of a saved valuation' },
  { id: 'editValuation', method: 'POST', path: '/api/editValuation', auth: true, request: pending, needs: ['table'], summary: 'Load a saved valuation by id' },
  { id: 'myValuation', method: 'POST', path: '/api/myValuation', auth: true, request: pending, needs: ['table'], summary: "The signed-in user's pitches" },
  { id: 'deletePitch', method: 'POST', path: '/api/deletePitch', auth: true, request: pending, needs: ['table'], summary: 'Delete a pitch' },
  { id: 'ignoreValuation', method: 'POST', path: '/api/ignoreValuation', auth: true, request: pending, needs: ['table'], summary: 'Ignore a valuation' },
  { id: 'buyPitch', method: 'POST', path: '/api/buyPitch', auth: true, request: pending, needs: ['table', 'marketData'], summary: 'Buy a pitched stock into a portfolio' },
  { id: 'updatePitch', method: 'POST', path: '/api/update-pitch', auth: true, request: pending, needs: ['table', 'marketData'], summary: 'Track a pitch (freezes the tracked figures)' },
  { id: 'trackedPitches', method: 'POST', path: '/api/trackedPitches', auth: true, request: pending, needs: ['table'], summary: 'The tracked pitches; with a payload, updates one intrinsic value' },
]);
