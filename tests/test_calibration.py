"""Calibration: synthetic photos with exact truth, the real photos, bad inputs, manual points, saved profiles."""

from __future__ import annotations

import io
import math
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageOps

import calibration.model as model_mod
from calibration import (
    Calibration,
    CalibrationFormatError,
    ImageReadError,
    ManualPointsError,
    calibrate,
    calibrate_from_points,
    focal_35mm,
    lens_focal_px,
    read_image,
)
from calibration.candidates import MAX_CONCENTRIC_GAP
from calibration.compare import ring_errors_mm, rotation_error_deg, truth_projector
from calibration.conics import (
    circle_poses,
    concentric_gap,
    concentric_rectification,
    ellipse_conic,
    fit_ellipse,
    near_ellipse,
    sampson,
)
from calibration.model import GUESS_SHARE, SKEW_MAX, _skew, view_from_homography
from sim.board import CLUB, TOURNAMENT

REAL = Path(__file__).resolve().parents[2] / "shared" / "real_photos"
REAL_PHOTOS = sorted(REAL.glob("*.jpg")) + sorted((REAL / "unlabelled").glob("*.jpg"))


def _synthetic(seed: int, tilt: float, board=TOURNAMENT, size=(1200, 900)):
    synth = pytest.importorskip("vision.synth")
    from dataclasses import replace

    rng = np.random.default_rng(seed)
    style = synth.random_style(rng)
    style = replace(style, pose=replace(style.pose, tilt_deg=tilt))
    return synth.render(synth.random_scene(rng, board), style, rng, size=size)


# 45 and 50 degrees: views where an ellipse's affine unroll let a wrong scale win before concentric pairs
@pytest.mark.parametrize(
    "seed,tilt", [(11, 0.0), (12, 15.0), (13, 30.0), (14, 40.0), (12, 45.0), (19, 45.0), (11, 50.0), (16, 50.0)]
)
def test_synthetic_photo_rings_within_a_millimetre(seed, tilt):
    image, truth = _synthetic(seed, tilt)
    result = calibrate(image, TOURNAMENT)
    assert result, result.reason
    project = truth_projector(truth)
    errors = ring_errors_mm(result.calibration, project, TOURNAMENT)
    assert np.percentile(errors, 95) < 1.5
    # the rotation too: quarter lines found to a fraction of a degree, the seat nearest the image bottom
    assert abs(rotation_error_deg(result.calibration, project, truth["board_to_image"], TOURNAMENT.outer_r)) < 2.0


@pytest.mark.parametrize("key, hard", [
    # The vision benchmark's plain photo 70 of seed 2025: a phone's wide lens (70 degrees across) 36 degrees off
    # square over a floor of planks. The planks' straight edges, longer than the rings' arcs cut short by quarter
    # lines and discs, took every seed of the ellipse search; the rings were placed 14 mm off (confidence 0.37).
    ((2025, 30_070), False),
    # Its hard photo 123 of seed 9001 (never tuned on): 50 degrees off square, a shadow band across the 15 and
    # middle lines and discs on them, so no two concentric ellipses were found. The outer line's affine frame put
    # the inner rings far off, and the board was read one ring out (placed 74 mm off, confidence 0.57).
    ((9001, 123), True),
])
def test_a_benchmark_photo_once_misread_finds_the_rings(key, hard):
    synth = pytest.importorskip("vision.synth")
    rng = np.random.default_rng(key)
    image, truth = synth.render(synth.random_scene(rng, TOURNAMENT, hard=hard), synth.random_style(rng), rng)
    jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, truth["jpeg_quality"]])[1]
    result = calibrate(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), TOURNAMENT)
    assert result, result.reason
    assert np.percentile(ring_errors_mm(result.calibration, truth_projector(truth), TOURNAMENT), 95) < 0.5


def _pinhole_homography(focal: float, tilt_deg: float, size=(1600, 1200)) -> np.ndarray:
    """Board mm -> image pixels for a pinhole camera ``tilt_deg`` off square-on, the board filling the frame."""
    w, h = size
    k = np.array([[focal, 0, w / 2], [0, focal, h / 2], [0, 0, 1.0]])
    t = math.radians(tilt_deg)
    r = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    distance = focal * 700.0 / h  # the board's 700 mm across the picture's height
    return k @ np.column_stack([r[:, 0], r[:, 1], [0.0, 0.0, distance]])


def test_a_long_lens_at_a_slant_reads_its_focal_length_from_the_rings_foreshortening(monkeypatch):
    # A lens 6 times the long side, 25 degrees off square-on: perspective barely shows (the rotation constraints
    # carry 0.0027 of information, under FOCAL_INFO_MIN), but the typical phone's guess could only explain the rings'
    # foreshortening by a skewed rotation, so the focal length solved from them is taken; without the skew's word,
    # the guess. Square-on, every focal length is unskewed: the guess.
    size, focal = (1600, 1200), 6.0 * 1600
    slant = _pinhole_homography(focal, 25.0, size)
    view = view_from_homography(slant, size, None)
    assert view.focal_estimated and abs(view.focal_px / focal - 1) < 1e-6 and abs(view.tilt_deg - 25.0) < 1e-6
    centred = np.array([[1, 0, -800], [0, 1, -600], [0, 0, 1.0]]) @ slant
    assert _skew(centred, focal) < 1e-9 < SKEW_MAX < _skew(centred, GUESS_SHARE * 1600)
    monkeypatch.setattr(model_mod, "SKEW_MAX", math.inf)
    assert not view_from_homography(slant, size, None).focal_estimated
    for tilt in (0.5, 0.0):
        square = view_from_homography(_pinhole_homography(focal, tilt, size), size, None)
        assert not square.focal_estimated and square.focal_px == GUESS_SHARE * 1600


def test_a_render_through_a_long_lens_at_a_slant_is_calibrated_with_its_focal_length():
    synth = pytest.importorskip("vision.synth")
    from dataclasses import replace

    rng = np.random.default_rng(3)
    style = synth.random_style(rng)
    style = replace(style, pose=replace(style.pose, tilt_deg=25.0, focal=6.0))
    image, truth = synth.render(synth.random_scene(rng, TOURNAMENT), style, rng, size=(1200, 900))
    view = calibrate(image, TOURNAMENT).calibration.view
    assert view.focal_estimated and abs(np.log(view.focal_px / truth["camera"]["K"][0][0])) < 0.02
    assert abs(view.tilt_deg - 25.0) < 0.5


def test_one_ellipse_and_the_focal_length_place_the_concentric_rings():
    """Of the two poses a circle's image allows, one puts a concentric circle a third its size where the camera
    sees it; a focal length 15% off still puts it within 8 px, 2% of the outer line's 400-odd px (semi-axes 305
    and 416)."""
    focal, centre = 1476.5, (799.5, 599.5)
    k = np.array([[focal, 0, centre[0]], [0, focal, centre[1]], [0, 0, 1.0]])
    rvec, tvec = np.array([math.radians(140), 0.1, 0.2]), np.array([-45.0, -79.0, 1101.0])
    ang = np.linspace(0, 2 * math.pi, 720, endpoint=False)

    def seen(r):
        pts = np.column_stack([r * np.cos(ang), r * np.sin(ang), np.zeros_like(ang)])
        return cv2.projectPoints(pts, rvec, tvec, k, None)[0].reshape(-1, 2)

    outer = fit_ellipse(seen(304.8))
    inner = ellipse_conic(*fit_ellipse(seen(101.6)))
    for f, tol in ((focal, 0.5), (1.15 * focal, 0.02 * 400)):
        frames = circle_poses(outer, f, centre)
        assert len(frames) == 2
        errors = []
        for frame in frames:
            unit = frame @ np.vstack([np.cos(ang), np.sin(ang), np.ones_like(ang)])
            assert np.abs(sampson(ellipse_conic(*outer), (unit[:2] / unit[2]).T)).max() < 1e-6 * 400
            third = frame @ np.vstack([np.cos(ang) / 3, np.sin(ang) / 3, np.ones_like(ang)])
            errors.append(np.abs(sampson(inner, (third[:2] / third[2]).T)).max())
        assert min(errors) < tol < max(errors)


def test_concentric_circles_under_perspective_give_back_the_centre():
    board_to_image = np.array([[0.8, 0.3, 500.0], [-0.1, 0.5, 400.0], [2e-4, 6e-4, 1.0]])
    h_inv = np.linalg.inv(board_to_image)

    def image_conic(r):
        return h_inv.T @ ellipse_conic(0.0, 0.0, r, r, 0.0) @ h_inv

    inner, outer = image_conic(100.0), image_conic(300.0)
    assert concentric_gap(inner, outer) < 1e-6
    rect = concentric_rectification(inner, outer, 300.0)
    centre = rect @ board_to_image @ np.array([0.0, 0.0, 1.0])
    assert np.allclose(centre[:2] / centre[2], 0.0, atol=1e-6)
    on_inner = board_to_image @ np.array([100.0, 0.0, 1.0])
    mapped = rect @ on_inner
    assert np.hypot(*(mapped[:2] / mapped[2])) == pytest.approx(100.0, rel=1e-6)
    # nested circles half a radius off centre are not taken for a concentric pair
    shifted = h_inv.T @ ellipse_conic(150.0, 0.0, 100.0, 100.0, 0.0) @ h_inv
    assert concentric_gap(shifted, outer) > MAX_CONCENTRIC_GAP


def test_near_ellipse_keeps_exactly_the_points_sampson_keeps():
    """The annulus shortcut must not change which edge points an ellipse gathers: thin, round, large and small
    ellipses, points spread over a photo and crowded about the outline."""
    rng = np.random.default_rng(7)
    for _ in range(300):
        a = rng.uniform(15, 900)
        b = a * rng.uniform(0.18, 1.0)
        ell = (rng.uniform(0, 4000), rng.uniform(0, 3000), *rng.permutation([a, b]), rng.uniform(-3, 3))
        t, stretch = rng.uniform(0, 2 * math.pi, 3000), rng.uniform(0.95, 1.05, 3000)
        c, s = math.cos(ell[4]), math.sin(ell[4])
        ax, by = ell[2] * np.cos(t) * stretch, ell[3] * np.sin(t) * stretch
        around = np.column_stack([ell[0] + ax * c - by * s, ell[1] + ax * s + by * c])
        spread = rng.uniform([-500, -500], [4500, 3500], (5000, 2))
        pts = np.column_stack([np.vstack([around, spread]), np.ones(8000)])
        for tol in (3.0, 1.5):
            want = np.abs(sampson(ellipse_conic(*ell), pts)) < tol
            assert want[:3000].any()
            assert np.array_equal(near_ellipse(ell, pts, tol), want)


def test_saved_profile_is_checked_and_reused():
    image, truth = _synthetic(21, 20.0)
    first = calibrate(image, TOURNAMENT)
    assert first
    saved = Calibration.from_json(first.calibration.to_json())
    again = calibrate(image, TOURNAMENT, prior=saved)
    assert again and "saved profile" in again.calibration.features
    errors = ring_errors_mm(again.calibration, truth_projector(truth), TOURNAMENT)
    assert np.percentile(errors, 95) < 1.5
    # a prior that does not match the frame (board moved) falls back to a full search
    moved = Calibration.from_matrix(
        np.diag([1, 1, 1.0]) @ np.array([[1, 0, 120], [0, 1, -80], [0, 0, 1.0]]) @ saved.image_to_board_matrix,
        saved.image_size,
        saved.profile,
    )
    fresh = calibrate(image, TOURNAMENT, prior=moved)
    assert fresh and "saved profile" not in fresh.calibration.features
    # ...and keeps the seat the prior called the bottom one, here a quarter turn from the one nearest the bottom
    turned = Calibration.from_matrix(
        np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]]) @ moved.image_to_board_matrix, saved.image_size, saved.profile
    )
    kept = calibrate(image, TOURNAMENT, prior=turned).calibration
    p = first.calibration.to_image([[0.0, 0.0], [200.0, 0.0]])
    q = kept.to_board(p)
    angle = math.degrees(math.atan2(q[1, 1] - q[0, 1], q[1, 0] - q[0, 0]))
    assert abs(angle - 90) < 2


@pytest.mark.skipif(not REAL_PHOTOS, reason="real photos not present")
@pytest.mark.parametrize("path", REAL_PHOTOS, ids=lambda p: p.name)
def test_real_photo_calibrates_plausibly(path):
    image = read_image(path)
    result = calibrate(image)
    assert result, result.reason
    cal = result.calibration
    rings = cal.rings_mm
    # the measured lines keep the board's 1 : 2 : 3 proportions, within what real boards vary
    assert rings["15"] / rings["outer"] == pytest.approx(1 / 3, rel=0.12)
    assert rings["middle"] / rings["outer"] == pytest.approx(2 / 3, rel=0.1)
    assert cal.residual_mm < 2.5
    assert len(cal.pegs_px) == 8
    # the pegs found lie on the fitted 15 line
    radii = np.hypot(*cal.to_board(cal.pegs_px).T)
    assert np.allclose(radii, rings["15"], atol=0.01)
    # the hole centre is inside the picture
    x, y = cal.to_image([[0.0, 0.0]])[0]
    h, w = image.shape[:2]
    assert 0 < x < w and 0 < y < h


@pytest.mark.skipif(not (REAL / "sam_board3.jpg").exists(), reason="real photos not present")
def test_a_hypothesis_starting_near_a_loose_fit_is_still_measured():
    # sam_board3.jpg at 0.55 of its brightness (a benchmark variant): the third hypothesis's fit came within 9 mm
    # of the lines without locking on (quality 0.12), and the eighth, starting near that fit, was skipped as "the
    # same lines again"; it is the one that locks on (residual 0.28 mm). The other starts gave 0.48 mm and up.
    image = np.clip(read_image(REAL / "sam_board3.jpg") * 0.55, 0, 255).astype(np.uint8)
    result = calibrate(image, TOURNAMENT)
    assert result, result.reason
    assert result.calibration.residual_mm < 0.35



@pytest.mark.skipif(not (REAL / "sam_board5.jpg").exists(), reason="real photos not present")
def test_a_soft_focused_photo_is_found_over_a_wider_ridge():
    # sam_board5.jpg (1180 px) blurred by 1.5 px: its lines' ridges over 4 px sank into the wood grain, and of the two
    # hypotheses left the better was 138 mm off (quality 0.03). Over 8 px the lines stand out again.
    sharp = calibrate(read_image(REAL / "sam_board5.jpg")).calibration
    soft = calibrate(cv2.GaussianBlur(read_image(REAL / "sam_board5.jpg"), (0, 0), 1.5))
    assert soft, soft.reason
    board = [[0.0, 0.0], *(r * np.array([math.cos(t), math.sin(t)]) for r in (100, 300) for t in (0.3, 2.0, 4.1))]
    assert np.abs(soft.calibration.to_image(board) - sharp.to_image(board)).max() < 1.5

def test_blank_and_noise_images_are_refused_with_a_reason():
    blank = np.full((600, 800, 3), 128, np.uint8)
    res = calibrate(blank)
    assert not res and res.reason
    noise = np.random.default_rng(0).integers(0, 255, (600, 800, 3), dtype=np.uint8)
    res = calibrate(noise)
    assert not res and res.reason
    assert not calibrate(np.zeros((10, 10, 3), np.uint8))
    assert not calibrate(np.zeros((100, 100), np.float64))


def test_board_cut_off_is_reported():
    image, _ = _synthetic(31, 0.0)
    h, w = image.shape[:2]
    res = calibrate(np.ascontiguousarray(image[:, : w // 2]), TOURNAMENT)
    assert not res


def test_read_image_rejects_bad_bytes(tmp_path):
    with pytest.raises(ImageReadError, match="empty"):
        read_image(b"")
    fake = tmp_path / "photo.jpg"
    fake.write_text("this is not a photo")
    with pytest.raises(ImageReadError, match="not an image"):
        read_image(fake)
    good = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 100, 50)).save(good, "JPEG")
    with pytest.raises(ImageReadError, match="cannot decode"):
        read_image(good.getvalue()[: len(good.getvalue()) // 2])
    with pytest.raises(ImageReadError, match="no such file"):
        read_image(tmp_path / "missing.jpg")


def test_read_image_detects_webp_named_jpg_and_applies_exif(tmp_path):
    webp = tmp_path / "board.jpg"
    Image.new("RGB", (40, 20), (0, 0, 255)).save(webp, "WEBP")
    img = read_image(webp)
    assert img.shape == (20, 40, 3) and img[10, 20, 0] > 200  # BGR: blue first
    rotated = io.BytesIO()
    exif = Image.Exif()
    exif[274] = 6  # rotate 90 degrees clockwise to display
    Image.new("RGB", (40, 20), (0, 255, 0)).save(rotated, "JPEG", exif=exif)
    assert read_image(rotated.getvalue()).shape == (40, 20, 3)


@pytest.mark.parametrize("orientation", range(1, 9))
@pytest.mark.parametrize("mode", ["RGB", "L"])
def test_a_jpeg_reads_as_pillow_decodes_and_turns_it_upright(orientation, mode):
    # JPEGs take the fast decoder; its pixels and its EXIF turn must be Pillow's, for every orientation.
    rng = np.random.default_rng(orientation)
    photo = Image.fromarray(rng.integers(0, 256, (24, 40, 3), dtype=np.uint8)).convert(mode)
    buf, exif = io.BytesIO(), Image.Exif()
    exif[274] = orientation
    photo.save(buf, "JPEG", exif=exif, quality=90)
    want = np.asarray(ImageOps.exif_transpose(Image.open(io.BytesIO(buf.getvalue()))).convert("RGB"))[..., ::-1]
    got = read_image(buf.getvalue())
    assert got.shape == want.shape and np.array_equal(got, want)


def test_a_jpeg_with_stray_bytes_before_a_marker_still_reads():
    # libjpeg-turbo's strict decode refuses what is only a warning (some cameras write such files); Pillow reads it.
    buf = io.BytesIO()
    Image.fromarray(np.random.default_rng(3).integers(0, 256, (48, 64, 3), dtype=np.uint8)).save(buf, "JPEG")
    data = buf.getvalue()
    scan = data.index(b"\xff\xda")
    stray = data[:scan] + b"\x00\x00" + data[scan:]
    want = np.asarray(Image.open(io.BytesIO(stray)).convert("RGB"))[..., ::-1]
    assert np.array_equal(read_image(stray), want)


def test_a_16_bit_grey_photo_reads_as_its_grey_levels_not_a_white_sheet():
    levels = np.tile(np.arange(0, 256, dtype=np.uint16), (8, 1))
    png = io.BytesIO()
    Image.fromarray(levels * 257).save(png, "PNG")  # mode I;16
    got = read_image(png.getvalue())
    assert got.shape == (8, 256, 3) and np.array_equal(got[:, :, 1], levels.astype(np.uint8))


def test_huge_image_refused_before_decoding():
    buf = io.BytesIO()
    Image.new("1", (12000, 10000)).save(buf, "PNG")  # 120 megapixels, a few kB compressed
    with pytest.raises(ImageReadError, match="megapixels|too large"):
        read_image(buf.getvalue())


def test_manual_points_give_the_homography():
    true_h = np.array([[0.9, 0.05, -400.0], [0.02, -0.95, 380.0], [1e-5, 2e-5, 1.0]])
    pegs = np.array(TOURNAMENT.pegs()[:4])
    board_pts = np.vstack([[0.0, 0.0], pegs])
    image_pts = cv2.perspectiveTransform(board_pts[None], np.linalg.inv(true_h))[0]
    cal = calibrate_from_points(image_pts, board_pts, image_size=(1000, 800))
    assert np.allclose(cal.to_board(image_pts), board_pts, atol=1e-3)
    with pytest.raises(ManualPointsError):
        calibrate_from_points(image_pts[:3], board_pts[:3], image_size=(1000, 800))
    with pytest.raises(ManualPointsError):
        calibrate_from_points([[0, 0], [1, 1], [2, 2], [3, 3]], [[0, 0], [1, 1], [2, 2], [3, 3]], image_size=(9, 9))


def test_json_round_trip_and_bad_profile():
    cal = calibrate_from_points(
        [[100, 100], [500, 100], [500, 500], [100, 500]],
        [[-200, 200], [200, 200], [200, -200], [-200, -200]],
        image_size=(600, 600),
        profile=CLUB,
    )
    back = Calibration.from_json(cal.to_json())
    assert back == cal
    with pytest.raises(CalibrationFormatError):
        Calibration.from_json('{"format": "something else"}')
    with pytest.raises(CalibrationFormatError):
        Calibration.from_json("not json")


def test_view_lifts_a_disc_top_toward_the_camera():
    image, truth = _synthetic(41, 40.0)
    result = calibrate(image, TOURNAMENT)
    assert result, result.reason
    cal = result.calibration
    # a disc top 9.5 mm up: its image, mapped as if on the surface, lies away from the camera; lifting fixes it
    foot = np.array([[60.0, -40.0]])
    true_b2i = np.array(truth["board_to_image"])
    top_px = cal.to_image_at_height(cal.to_board(cv2.perspectiveTransform(foot[None], true_b2i)[0]), 9.5)
    back = cal.to_board_at_height(top_px, 9.5)
    assert np.allclose(back, cal.to_board(cv2.perspectiveTransform(foot[None], true_b2i)[0]), atol=1e-6)
    assert cal.view.camera_mm[2] > 100
    assert math.isfinite(cal.view.tilt_deg)


@pytest.mark.parametrize("size, want", [((4000, 3000), (2000, 1500)), ((4032, 3024), (2016, 1512)),
                                        ((3292, 3292), (2048, 2048)), ((1600, 1200), (1600, 1200))])
def test_measure_copy_is_a_whole_number_reduction_when_one_is_near(size, want):
    from calibration.find import MEASURE_SIZE, _resized
    img = np.zeros(size[::-1] + (3,), np.uint8)
    img[::2] = 200  # stripes a whole-number area filter keeps as an even grey
    out, f = _resized(img, MEASURE_SIZE)
    assert out.shape[1::-1] == want
    assert f == pytest.approx(want[0] / size[0], abs=1e-3)
    if f == 0.5:
        assert np.all(out == 100)


@pytest.mark.parametrize("size", [(4000, 3000), (3000, 2400), (4001, 3001)])
def test_measure_copy_maps_pixel_centres_as_the_resize_does(size):
    """A spot's centre in the copy lies where the copy's homography puts it: a plain scaling put it a quarter of a
    copy pixel off when halved (half a pixel of the photo), which moved the whole board."""
    from calibration.find import MEASURE_SIZE, _copy_pixels, _resized
    u, v = 1001.3, 777.8
    yy, xx = np.mgrid[: size[1], : size[0]].astype(np.float32)
    img = (250 * np.exp(-((xx - u) ** 2 + (yy - v) ** 2) / (2 * 6.0**2))).astype(np.uint8)
    out, _ = _resized(img, MEASURE_SIZE)
    w = out.astype(float)
    cy, cx = (np.mgrid[: w.shape[0], : w.shape[1]] * w).reshape(2, -1).sum(1) / w.sum()
    want = _copy_pixels(img.shape, out.shape) @ [u, v, 1.0]
    assert math.hypot(cx - want[0], cy - want[1]) < 0.03


def _edge_photo(line_r: float, line_shade: float, edge_shade: float, px_per_mm: float = 2.0):
    """A grey board seen square on: surface shade 150 out to TOURNAMENT's edge, ``edge_shade`` beyond it, and a
    painted line (``line_shade``, the profile's width) at ``line_r``, blurred and grainy as a photo is; and its
    board-to-image homography."""
    b = TOURNAMENT
    n = int(2 * 1.2 * b.surface_r * px_per_mm)
    yy, xx = np.mgrid[:n, :n].astype(np.float32)
    r = np.hypot(xx - n / 2, yy - n / 2) / px_per_mm
    img = np.where(r <= b.surface_r, 150.0, edge_shade).astype(np.float32)
    img[np.abs(r - line_r) <= b.line_width / 2] = line_shade
    img = cv2.GaussianBlur(img, (0, 0), 1.5) + np.random.default_rng(5).normal(0, 4, img.shape).astype(np.float32)
    return img, np.array([[px_per_mm, 0, n / 2], [0, px_per_mm, n / 2], [0, 0, 1]], float)


@pytest.mark.parametrize("line_shade", [40.0, 240.0])
def test_surface_edge_is_the_lasting_step_not_a_painted_line_beside_it(line_shade):
    from calibration.find import _step_radius

    b = TOURNAMENT
    lo, hi = b.outer_r + 0.4 * (b.surface_r - b.outer_r), 1.12 * b.surface_r
    # a border line 8 mm short of the edge, darker or lighter: its sides are sharper than the blurred edge's step
    img, b2i = _edge_photo(b.surface_r - 8.0, line_shade, 60.0)
    assert _step_radius(img, b2i, lo, hi, b.line_width) == pytest.approx(b.surface_r, abs=0.75)
    # the same line where the surface and the ditch look alike: no edge to measure (the profile's is kept)
    img, b2i = _edge_photo(b.surface_r - 8.0, line_shade, 150.0)
    assert _step_radius(img, b2i, lo, hi, b.line_width) is None


def _lines_photo(width_mm: float, blur_px: float, line_shade: float, px_per_mm: float = 4.0):
    """A board seen square on with its three lines painted ``width_mm`` wide, the zones between them alternately
    shaded, discs lying across the lines and pegs on the 15 line, blurred and grainy; and its board-to-image map."""
    b = TOURNAMENT
    n = int(2 * 1.05 * b.outer_r * px_per_mm)
    yy, xx = np.mgrid[:n, :n].astype(np.float32)
    x, y = (xx - n / 2) / px_per_mm, (yy - n / 2) / px_per_mm
    r = np.hypot(x, y)
    img = np.where((r < b.fifteen_r) | ((r > b.middle_r) & (r < b.outer_r)), 150.0, 120.0).astype(np.float32)
    for line_r in (b.fifteen_r, b.middle_r, b.outer_r):
        img[np.abs(r - line_r) <= width_mm / 2] = line_shade
        for a in np.radians([20.0, 75.0, 160.0, 250.0]):  # discs over the line, their edges on it
            img[np.hypot(x - line_r * math.cos(a), y - line_r * math.sin(a)) <= b.disc_r] = 60.0
    for a in np.radians(np.arange(8) * 45.0 + 22.5):
        img[np.hypot(x - b.fifteen_r * math.cos(a), y - b.fifteen_r * math.sin(a)) <= b.peg_r] = 200.0
    img = cv2.GaussianBlur(img, (0, 0), blur_px) + np.random.default_rng(3).normal(0, 4, img.shape).astype(np.float32)
    return img, np.array([[px_per_mm, 0, n / 2], [0, px_per_mm, n / 2], [0, 0, 1]], float)


@pytest.mark.parametrize("width_mm,line_shade", [(1.0, 30.0), (2.4, 230.0), (3.2, 30.0)])
def test_painted_line_width_is_measured_on_sharp_lines(width_mm, line_shade):
    from calibration.linewidth import painted_width

    b = TOURNAMENT
    img, b2i = _lines_photo(width_mm, 0.8, line_shade)
    assert painted_width(img, b2i, [b.fifteen_r, b.middle_r, b.outer_r], b.line_width) == pytest.approx(
        width_mm, abs=0.08)


def test_a_line_blurred_as_wide_as_itself_gives_no_width():
    from calibration.linewidth import painted_width

    b = TOURNAMENT
    img, b2i = _lines_photo(1.6, 5.0, 30.0)  # blur 1.25 mm: width and blur trade off
    assert painted_width(img, b2i, [b.fifteen_r, b.middle_r, b.outer_r], b.line_width) is None


@pytest.mark.skipif(not (REAL / "sam_board3.jpg").exists(), reason="real photos not present")
@pytest.mark.parametrize("name,width_mm", [("sam_board3.jpg", 1.1), ("board4.jpg", 3.2)])
def test_real_boards_line_widths_are_measured(name, width_mm):
    # widths read off the photos by eye (line 3 px at 2.5 px/mm; 3.5-4 px at 1.16 px/mm): the profile says 2.4
    cal = calibrate(read_image(REAL / name)).calibration
    assert cal.line_width_mm == pytest.approx(width_mm, abs=0.25)
    assert Calibration.from_json(cal.to_json()).line_width_mm == cal.line_width_mm


def test_the_lens_a_photo_records_is_read_in_its_own_pixels_and_never_fails():
    # An iPhone's main lens: 24 mm equivalent, a share of the 35 mm frame's 43.27 mm diagonal.
    exif = Image.Exif()
    exif.get_ifd(0x8769)[0xA405] = 24
    photo = Image.new("RGB", (4032, 3024), (90, 60, 30))
    buf = io.BytesIO()
    photo.save(buf, "JPEG", exif=exif)
    assert focal_35mm(buf.getvalue()) == 24
    assert lens_focal_px(buf.getvalue()) == pytest.approx(24 / math.hypot(36, 24) * 5040)
    half = io.BytesIO()
    photo.resize((2016, 1512)).save(half, "JPEG", exif=exif)  # scaled, the lens in pixels scales with it
    assert lens_focal_px(half.getvalue()) == pytest.approx(24 / math.hypot(36, 24) * 2520)
    plain, wrong = io.BytesIO(), io.BytesIO()
    photo.save(plain, "JPEG")
    exif.get_ifd(0x8769)[0xA405] = 2  # a 2 mm equivalent: 0.06 of the long side, no camera's lens
    photo.save(wrong, "JPEG", exif=exif)
    for source in (plain.getvalue(), wrong.getvalue(), b"", b"not an image", "/no/such/photo.jpg"):
        assert lens_focal_px(source) is None
