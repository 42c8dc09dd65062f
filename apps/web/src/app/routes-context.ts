import { createContext } from 'react';
import type { RouteObject } from 'react-router-dom';

/** The app's route table, for whoever needs to match the address against it (the breadcrumbs). */
export const RoutesContext = createContext<RouteObject[]>([]);
