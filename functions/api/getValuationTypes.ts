import { listValuationTypes } from '../../shared/domain/valuation-types';
import { route } from '../lib/http';

export const handler = route('getValuationTypes', () => ({ data: listValuationTypes() }));
