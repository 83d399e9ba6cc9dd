/** Peer page: the plain SVG DOM renderer. */
import { mountPeerPage } from '../shared/mountPeerPage';
import { SvgDomRenderer } from './SvgDomRenderer';

mountPeerPage(new SvgDomRenderer());
