import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

/** The typed dispatch hook. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** The typed selector hook. */
export const useAppSelector = useSelector.withTypes<RootState>();
