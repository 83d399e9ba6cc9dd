/** Peer page: the naive canvas 2D renderer. */
import { mountPeerPage } from '../shared/mountPeerPage';
import { Canvas2dRenderer } from './Canvas2dRenderer';

mountPeerPage(new Canvas2dRenderer());
