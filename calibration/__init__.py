"""Board calibration: find a crokinole board in a photo and map image pixels <-> board millimetres.

    from calibration import calibrate, read_image
    result = calibrate(read_image("photo.jpg"), "tournament")
    if result:
        board_xy = result.calibration.to_board([[x, y]])
    else:
        print(result.reason)
"""

from calibration.find import CalibrationResult, calibrate
from calibration.imageio import ImageReadError, focal_35mm, lens_focal_px, read_image
from calibration.manual import ManualPointsError, calibrate_from_points
from calibration.model import Calibration, CalibrationFormatError, View

__all__ = [
    "Calibration",
    "CalibrationFormatError",
    "CalibrationResult",
    "ImageReadError",
    "ManualPointsError",
    "View",
    "calibrate",
    "calibrate_from_points",
    "focal_35mm",
    "lens_focal_px",
    "read_image",
]
